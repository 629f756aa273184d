import { PIG_SHED_TYPES, POULTRY_SHED_TYPES } from '@farmsense/shared';
import { shedTypeLabel } from '../../../ui/enumLabel';

/** Shed types a farm offers (SPEC §3): pig types 0-7 in pig farms, poultry 1001-2000 in poultry farms, none in cattle farms. */
export function shedTypesFor(farmType: number | undefined): readonly number[] {
  if (farmType === 1) return PIG_SHED_TYPES;
  if (farmType === 2) return POULTRY_SHED_TYPES;
  return [];
}

export function shedTypeOptions(farmType: number | undefined): { value: number; label: string }[] {
  return shedTypesFor(farmType).map((v) => ({ value: v, label: shedTypeLabel(v) || String(v) }));
}
