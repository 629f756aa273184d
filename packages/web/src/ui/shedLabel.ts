/**
 * Display labels of sheds, pens and columns (SPEC §3): area, building, shed (and pen) numbers
 * joined by dashes with the shed type in brackets, e.g. "1-1-1 (Broiler)". When every number is
 * zero (or missing) the place is a placeholder and shows as "empty shed" / "empty pen"; a column
 * whose column and row are both blank shows as "empty column". Texts come from the caller, so the
 * rules stay free of i18n and easy to test.
 */
type Num = number | string | null | undefined;

export interface ShedNumbers {
  areaNum: Num;
  buildingNum: Num;
  shedNum: Num;
}

function isZero(v: Num): boolean {
  if (v === null || v === undefined) return true;
  const s = String(v).trim();
  return s === '' || Number(s) === 0;
}

function isBlank(v: Num): boolean {
  return v === null || v === undefined || String(v).trim() === '';
}

function withType(numbers: string, typeName: string | null | undefined): string {
  return typeName ? `${numbers} (${typeName})` : numbers;
}

function part(v: Num): string {
  return isBlank(v) ? '0' : String(v).trim();
}

/** "1-1-1 (Broiler)", or the empty-shed text when area, building and shed are all zero. */
export function formatShedLabel(shed: ShedNumbers, typeName: string | null | undefined, emptyShed: string): string {
  if ([shed.areaNum, shed.buildingNum, shed.shedNum].every(isZero)) return emptyShed;
  return withType(`${part(shed.areaNum)}-${part(shed.buildingNum)}-${part(shed.shedNum)}`, typeName);
}

/** "1-1-1-3 (Farrowing)", or the empty-pen text when all four numbers are zero. */
export function formatPenLabel(shed: ShedNumbers, penNum: Num, typeName: string | null | undefined, emptyPen: string): string {
  if ([shed.areaNum, shed.buildingNum, shed.shedNum, penNum].every(isZero)) return emptyPen;
  return withType(`${part(shed.areaNum)}-${part(shed.buildingNum)}-${part(shed.shedNum)}-${part(penNum)}`, typeName);
}

/**
 * "column-row" (e.g. "3-12"); one blank side shows the other alone; both blank -> empty column.
 * Numbers come from the server as 0 when unset, so 0 counts as blank like an empty string.
 */
export function formatColumnLabel(fieldColumn: Num, field: Num, emptyColumn: string): string {
  const parts = [fieldColumn, field].filter((v) => !isZero(v)).map((v) => String(v).trim());
  return parts.length === 0 ? emptyColumn : parts.join('-');
}
