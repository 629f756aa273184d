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

/** Shed type name: poultry types are 1001-1011 and 2000, pig types 0-7. */
export function shedTypeLabel(shedType: number | null | undefined): string {
  if (shedType === null || shedType === undefined) return '';
  return enumLabel(shedType >= 1000 ? 'poultryShedType' : 'pigShedType', shedType);
}
