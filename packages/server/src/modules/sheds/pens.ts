import { and, asc, eq, gte, inArray, lte, ne } from 'drizzle-orm';
import {
  AppError,
  columnLabel,
  ErrorCodes,
  penRangeValid,
  type AddFieldsBody,
  type HierarchyFarm,
  type HierarchyShed,
  type PenOption,
  type PenRow,
  type UpdateFieldBody,
} from '@farmsense/shared';
import type { Db } from '../../db/client.js';
import { accountPens, farms, pens, sheds } from '../../db/tables.js';
import { farmCondition, seesPen, seesShed, visibleFarm, visiblePen, visibleShed, type Scope } from '../../scope/index.js';
import { narrowBeforePenRemoval } from './narrow.js';
import { lockFarm } from './service.js';
import { audit } from '../../plugins/audit-note.js';
import { addedBy, changedBy } from '../../db/schema/columns.js';

/** A pen as the log names it: its shed, then its name or row-column. */
async function penLabel(db: Db, shedId: number, p: { name: string | null; field: number; fieldColumn: number }): Promise<string> {
  const [s] = await db.select({ n: sheds.shedName }).from(sheds).where(eq(sheds.id, shedId));
  return `${s?.n ?? ''} ${p.name ?? `${p.field}-${p.fieldColumn}`}`.trim();
}

/**
 * Pens (columns) of a shed: numbered by column (fieldColumn) and row (field). The caller sees the
 * pens of sheds it sees, narrowed to its pen limits; another tenant's pen is "not found" (20084).
 */
const penColumns = { id: pens.id, shedId: pens.shedId, fieldColumn: pens.fieldColumn, field: pens.field, name: pens.name };
const penOrder = [asc(pens.fieldColumn), asc(pens.field), asc(pens.id)];

export async function shedPens(db: Db, scope: Scope, tenantId: number, shedId: number): Promise<PenRow[]> {
  const shed = await visibleShed(scope, shedId);
  const rows = await db
    .select(penColumns)
    .from(pens)
    .where(and(eq(pens.tenantId, tenantId), eq(pens.shedId, shed.id)))
    .orderBy(...penOrder);
  return rows.filter((p) => seesPen(scope, shed.id, p.id));
}

/** Pen options labelled "column-row" (SPEC §3), the empty column as an i18n key. */
export async function penOptions(db: Db, scope: Scope, tenantId: number, shedId: number): Promise<PenOption[]> {
  return (await shedPens(db, scope, tenantId, shedId)).map((p) => {
    const label = columnLabel(p.fieldColumn, p.field);
    return {
      value: p.id,
      fieldColumn: p.fieldColumn,
      field: p.field,
      label: label.kind === 'numbers' ? label.parts.join('-') : '',
      labelKey: label.kind === 'empty' ? label.key : null,
    };
  });
}

/**
 * Creates pens startColumn..endColumn in one row. 20043 when the range breaks the SPEC §5 rule,
 * 20040 when any of the numbers exists in the shed already (then none is created).
 */
export async function addPens(db: Db, scope: Scope, tenantId: number, body: AddFieldsBody): Promise<{ ids: number[] }> {
  const shed = await visibleShed(scope, body.shedId);
  if (!penRangeValid(body.startColumn, body.endColumn)) throw new AppError(ErrorCodes.PEN_BOUNDS_INVALID);
  return db.transaction(async (tx) => {
    await lockFarm(tx, tenantId, shed.farmId);
    const [taken] = await tx
      .select({ id: pens.id })
      .from(pens)
      .where(
        and(
          eq(pens.tenantId, tenantId),
          eq(pens.shedId, shed.id),
          eq(pens.field, body.row),
          gte(pens.fieldColumn, body.startColumn),
          lte(pens.fieldColumn, body.endColumn),
        ),
      )
      .limit(1);
    if (taken) throw new AppError(ErrorCodes.PEN_NUMBER_EXISTS);
    const values = [];
    for (let c = body.startColumn; c <= body.endColumn; c++) {
      values.push({ tenantId, shedId: shed.id, fieldColumn: c, field: body.row, ...addedBy(scope) });
    }
    const rows = await tx.insert(pens).values(values).returning({ id: pens.id });
    const ids = rows.map((r) => r.id);
    // A caller limited to some pens of this shed is given the new ones, so it sees what it made.
    if (scope.penLimits.has(shed.id)) await tx.insert(accountPens).values(ids.map((penId) => ({ accountId: scope.id, penId })));
    const span = body.startColumn === body.endColumn ? `${body.startColumn}` : `${body.startColumn}…${body.endColumn}`;
    audit.add(scope.req, 'pen', `${shed.shedName} ${body.row}-${span}`);
    return { ids };
  });
}

/** Renumbers or renames a pen: 20040 for a number taken in the shed, 20083 for a name taken. */
export async function updatePen(db: Db, scope: Scope, tenantId: number, body: UpdateFieldBody): Promise<void> {
  const pen = await visiblePen(scope, body.id);
  await db.transaction(async (tx) => {
    await lockFarm(tx, tenantId, pen.farmId);
    const inShed = and(eq(pens.tenantId, tenantId), eq(pens.shedId, pen.shedId), ne(pens.id, pen.id));
    const [num] = await tx
      .select({ id: pens.id })
      .from(pens)
      .where(and(inShed, eq(pens.fieldColumn, body.fieldColumn), eq(pens.field, body.field)))
      .limit(1);
    if (num) throw new AppError(ErrorCodes.PEN_NUMBER_EXISTS);
    if (body.name) {
      const [named] = await tx
        .select({ id: pens.id })
        .from(pens)
        .where(and(inShed, eq(pens.name, body.name)))
        .limit(1);
      if (named) throw new AppError(ErrorCodes.PEN_NAME_DUPLICATE);
    }
    await tx
      .update(pens)
      .set({ fieldColumn: body.fieldColumn, field: body.field, name: body.name ?? null, ...changedBy(scope) })
      .where(and(eq(pens.id, pen.id), eq(pens.tenantId, tenantId)));
  });
  const after = { field: body.field, fieldColumn: body.fieldColumn, name: body.name ?? null };
  audit.edit(scope.req, 'pen', await penLabel(db, pen.shedId, pen), audit.changes(pen, after));
}

export async function deletePen(db: Db, scope: Scope, tenantId: number, penId: number): Promise<void> {
  const pen = await visiblePen(scope, penId);
  await db.transaction(async (tx) => {
    await lockFarm(tx, tenantId, pen.farmId);
    await narrowBeforePenRemoval(tx, tenantId, pen.farmId, pen.shedId, [pen.id]);
    await tx.delete(pens).where(and(eq(pens.id, pen.id), eq(pens.tenantId, tenantId)));
  });
  audit.delete(scope.req, 'pen', await penLabel(db, pen.shedId, pen));
}

/** Farm -> sheds -> pens the caller may see, for pickers; one farm when farmId is given. */
export async function hierarchy(db: Db, scope: Scope, tenantId: number, farmId?: number): Promise<HierarchyFarm[]> {
  let farmRows: { id: number; farmName: string; type: number }[];
  if (farmId !== undefined) {
    const f = await visibleFarm(scope, farmId);
    farmRows = [f];
  } else {
    const where = and(eq(farms.tenantId, tenantId), farmCondition(scope, farms.id));
    farmRows = await db
      .select({ id: farms.id, farmName: farms.farmName, type: farms.type })
      .from(farms)
      .where(where)
      .orderBy(asc(farms.id));
  }
  if (farmRows.length === 0) return [];
  const farmIds = farmRows.map((f) => f.id);
  const shedRows = (
    await db
      .select()
      .from(sheds)
      .where(and(eq(sheds.tenantId, tenantId), inArray(sheds.farmId, farmIds)))
      .orderBy(asc(sheds.areaNum), asc(sheds.buildingNum), asc(sheds.shedNum), asc(sheds.id))
  ).filter((s) => seesShed(scope, s.farmId, s.id));
  const shedIds = shedRows.map((s) => s.id);
  const penRows =
    shedIds.length === 0
      ? []
      : (
          await db
            .select(penColumns)
            .from(pens)
            .where(and(eq(pens.tenantId, tenantId), inArray(pens.shedId, shedIds)))
            .orderBy(...penOrder)
        ).filter((p) => seesPen(scope, p.shedId, p.id));
  const pensOf = new Map<number, PenRow[]>();
  for (const p of penRows) pensOf.set(p.shedId, [...(pensOf.get(p.shedId) ?? []), p]);
  return farmRows.map((f) => ({
    farmId: f.id,
    farmName: f.farmName,
    type: f.type,
    sheds: shedRows
      .filter((s) => s.farmId === f.id)
      .map((s): HierarchyShed => ({
        tid: s.id,
        shedName: s.shedName,
        shedType: s.shedType,
        areaNum: s.areaNum,
        buildingNum: s.buildingNum,
        shedNum: s.shedNum,
        pens: pensOf.get(s.id) ?? [],
      })),
  }));
}
