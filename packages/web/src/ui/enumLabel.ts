import { shedTypeKey } from '@farmsense/shared';
import { hasKey, tk } from '../app/i18n/i18n';

/**
 * Labels of SPEC §3 enumerations, translated from `enums.<name>.<value>`. A value the catalogue
 * does not know yet shows as its raw value rather than a made-up name.
 */
export function enumLabel(name: string, value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const key = `enums.${name}.${value}`;
  return hasKey(key) ? tk(key) : String(value);
}

/** Translates a shared `namespace.key`, or '' when the catalogue lacks it (so no brackets are shown). */
export function translateKnown(fullKey: string): string {
  return hasKey(fullKey) ? tk(fullKey) : '';
}

/** Shed type name (poultry types 1001-1011 and 2000, pig types 0-7); '' when unknown. */
export function shedTypeLabel(shedType: number | null | undefined): string {
  const key = shedTypeKey(shedType);
  return key ? translateKnown(key) : '';
}
