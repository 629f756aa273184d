import type { TenantOptions } from '@farmsense/shared';
import { enumLabel } from '../../../ui/enumLabel';
import { validityToWire, type ValidityFormValues } from '../validity';

/**
 * Pieces shared by the system and API authorization dialogs: the account picker's options and
 * the mapping of the validity fields to the request field names (for rules and server issues).
 */
export function accountChoices(options: TenantOptions | undefined): { value: number; label: string }[] {
  return (options?.accounts ?? []).map((a) => ({
    value: a.id,
    label: `${a.accountName} (${a.accountCode}) · ${enumLabel('accountType', a.accountType)}`,
  }));
}

/** An empty selection means "not limited"; the server takes null for it. */
export function listOrNull<T>(v: T[] | null | undefined): T[] | null {
  return v && v.length > 0 ? v : null;
}

/** A cap from a number field: empty (null) is unlimited. */
export function capOrNull(v: number | null | undefined): number | null {
  return v === undefined || v === null ? null : v;
}

export interface ValidityNames {
  years: string;
  start: string;
  end: string;
}

export function validityBody(values: Partial<ValidityFormValues>, names: ValidityNames): Record<string, number | null> {
  const w = validityToWire(values);
  return { [names.years]: w.years, [names.start]: w.start, [names.end]: w.end };
}

/** Server issues on a validity field shown under the form field that holds it in the current mode. */
export function validityAlias(mode: ValidityFormValues['validityMode'] | undefined, names: ValidityNames): Record<string, string> {
  return mode === 'years'
    ? { [names.years]: 'validYears', [names.start]: 'validFrom' }
    : { [names.years]: 'validityMode', [names.start]: 'validPeriod', [names.end]: 'validPeriod' };
}
