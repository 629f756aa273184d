/**
 * Display labels of sheds, pens and columns (SPEC §3): area, building, shed (and pen) numbers
 * joined by dashes with the shed type in brackets, e.g. "1-1-1 (Broiler)". When every number is
 * zero (or missing) the place is a placeholder and shows as "empty shed" / "empty pen"; a column
 * whose column and row are both blank shows as "empty column".
 *
 * The rule lives here once. `shedLabel`, `penLabel` and `columnLabel` return i18n keys and
 * number parts (the server can send them without any text); `renderLabel` and the `format*`
 * helpers turn them into text with the caller's translations.
 */
type Num = number | string | null | undefined;

export interface ShedNumbers {
  areaNum: Num;
  buildingNum: Num;
  shedNum: Num;
}

export const DISPLAY_KEYS = {
  emptyShed: 'enums.shedDisplay.emptyShed',
  emptyPen: 'enums.shedDisplay.emptyPen',
  emptyColumn: 'enums.shedDisplay.emptyColumn',
} as const;

/** Either a placeholder (its i18n key) or number parts with an optional type name key. */
export type PlaceLabel = { kind: 'empty'; key: string } | { kind: 'numbers'; parts: string[]; typeKey: string | null };

function isZero(v: Num): boolean {
  if (v === null || v === undefined) return true;
  const s = String(v).trim();
  return s === '' || Number(s) === 0;
}

function part(v: Num): string {
  return v === null || v === undefined || String(v).trim() === '' ? '0' : String(v).trim();
}

/** The i18n key of a shed type's name: poultry types are 1001-1011 and 2000, pig types 0-7. */
export function shedTypeKey(shedType: number | null | undefined): string | null {
  if (shedType === null || shedType === undefined || !Number.isInteger(shedType)) return null;
  return shedType >= 1000 ? `enums.poultryShedType.${shedType}` : `enums.pigShedType.${shedType}`;
}

export function shedLabel(shed: ShedNumbers & { shedType?: number | null }): PlaceLabel {
  const nums = [shed.areaNum, shed.buildingNum, shed.shedNum];
  if (nums.every(isZero)) return { kind: 'empty', key: DISPLAY_KEYS.emptyShed };
  return { kind: 'numbers', parts: nums.map(part), typeKey: shedTypeKey(shed.shedType) };
}

export function penLabel(shed: ShedNumbers & { shedType?: number | null }, penNum: Num): PlaceLabel {
  const nums = [shed.areaNum, shed.buildingNum, shed.shedNum, penNum];
  if (nums.every(isZero)) return { kind: 'empty', key: DISPLAY_KEYS.emptyPen };
  return { kind: 'numbers', parts: nums.map(part), typeKey: shedTypeKey(shed.shedType) };
}

/**
 * "column-row" (e.g. "3-12"); one blank side shows the other alone; both blank -> empty column.
 * Numbers come from the server as 0 when unset, so 0 counts as blank like an empty string.
 */
export function columnLabel(fieldColumn: Num, field: Num): PlaceLabel {
  const parts = [fieldColumn, field].filter((v) => !isZero(v)).map((v) => String(v).trim());
  return parts.length === 0 ? { kind: 'empty', key: DISPLAY_KEYS.emptyColumn } : { kind: 'numbers', parts, typeKey: null };
}

/** Text of a label: `t` translates keys; a type whose name is unknown (empty text) gets no brackets. */
export function renderLabel(label: PlaceLabel, t: (key: string) => string): string {
  if (label.kind === 'empty') return t(label.key);
  const numbers = label.parts.join('-');
  const typeName = label.typeKey ? t(label.typeKey) : '';
  return typeName ? `${numbers} (${typeName})` : numbers;
}

/** "1-1-1 (Broiler)", or the empty-shed text when area, building and shed are all zero. */
export function formatShedLabel(shed: ShedNumbers, typeName: string | null | undefined, emptyShed: string): string {
  const label = shedLabel(shed);
  return renderLabel(label.kind === 'numbers' ? { ...label, typeKey: typeName ? 'type' : null } : label, (k) =>
    k === 'type' ? (typeName ?? '') : emptyShed,
  );
}

/** "1-1-1-3 (Farrowing)", or the empty-pen text when all four numbers are zero. */
export function formatPenLabel(shed: ShedNumbers, penNum: Num, typeName: string | null | undefined, emptyPen: string): string {
  const label = penLabel(shed, penNum);
  return renderLabel(label.kind === 'numbers' ? { ...label, typeKey: typeName ? 'type' : null } : label, (k) =>
    k === 'type' ? (typeName ?? '') : emptyPen,
  );
}

/** "3-12", "3", or the empty-column text. */
export function formatColumnLabel(fieldColumn: Num, field: Num, emptyColumn: string): string {
  return renderLabel(columnLabel(fieldColumn, field), () => emptyColumn);
}
