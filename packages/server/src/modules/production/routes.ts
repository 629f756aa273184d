import { and, eq } from 'drizzle-orm';
import { dailyRecordsApi } from '@farmsense/shared';
import type { ModuleRoutes } from '../module.js';
import { router } from '../../core/serve.js';
import { writeAudit } from '../../plugins/audit.js';
import { scopeOf, visibleFarm } from '../../scope/index.js';
import { dailyPage, quickRows } from './daily.js';
import { flockRoutes } from './flocks.js';
import {
  assertStockWithout,
  insertRow,
  isDayKind,
  kindTable,
  lockFlocks,
  parseRowOrThrow,
  saveDailyRows,
  updateStored,
  visibleRecord,
} from './records.js';
import { assertKindApp, DAILY_APPS, DAILY_LIST_APPS, visibleFlock } from './access.js';

/**
 * Poultry production (docs/API-PRODUCTION.md; contracts: packages/shared/src/production): flocks
 * (flocks.ts) and the daily records of each kind. The `:kind` routes admit every entry screen at
 * the guard; each handler then requires the kind's own screen (assertKindApp), refused and logged
 * like the guard's refusals.
 */
export const productionRoutes: ModuleRoutes = async (app, { database }) => {
  const db = database.db;
  await flockRoutes(app, db);
  const serve = router(app, { tags: ['production'], app: DAILY_APPS, module: 'production' });

  serve(dailyRecordsApi.page, { app: DAILY_LIST_APPS, readOnly: true }, async ({ req, params, body }) => {
    const scope = scopeOf(req);
    await assertKindApp(scope, [params.kind], { read: true });
    return dailyPage(db, scope, params.kind, body);
  });

  serve(dailyRecordsApi.add, async ({ req, params: { kind }, body }) => {
    const scope = scopeOf(req);
    await assertKindApp(scope, [kind]);
    const row = parseRowOrThrow(kind, body);
    const flock = await visibleFlock(db, scope, row.flockId);
    const saved = await db.transaction(async (tx) => insertRow(tx, scope, kind, row, flock));
    return { id: saved.id };
  });

  serve(dailyRecordsApi.update, async ({ req, params: { kind }, body }) => {
    const scope = scopeOf(req);
    await assertKindApp(scope, [kind]);
    const { id, ...fields } = body;
    const row = parseRowOrThrow(kind, fields);
    const existing = await visibleRecord(db, scope, kind, id);
    const flock = row.flockId === existing.flock.id ? existing.flock : await visibleFlock(db, scope, row.flockId);
    const change = await db.transaction(async (tx) => updateStored(tx, scope, kind, existing.row, row, flock));
    // The entry records what the record was and became (a corrected meter figure among them).
    await writeAudit(db, req, { outcome: 'ok', code: 1, detail: { kind, id: change.id, old: change.old, new: change.new } });
    return { id: change.id };
  });

  serve(dailyRecordsApi.remove, async ({ req, params: { kind, id } }) => {
    const scope = scopeOf(req);
    await assertKindApp(scope, [kind]);
    const { row, flock } = await visibleRecord(db, scope, kind, id);
    const t = kindTable(kind);
    await db.transaction(async (tx) => {
      // A stock day may carry birds later days removed: without it the count must still hold (20068).
      if (kind === 'stock') {
        await lockFlocks(tx, [flock.id]);
        await assertStockWithout(tx, flock, row.id as number);
      }
      await tx.delete(t).where(and(eq(t.id, row.id as number), eq(t.tenantId, row.tenantId as number)));
    });
    return null;
  });

  serve(dailyRecordsApi.batch, async ({ req, params: { kind }, body }) => {
    const scope = scopeOf(req);
    await assertKindApp(scope, [kind]);
    await visibleFarm(scope, body.farmId);
    const rows = isDayKind(kind) ? body.rows.map((r) => ({ ...r, day: body.day })) : body.rows;
    return saveDailyRows(db, scope, kind, rows, { farmId: body.farmId, mode: 'insert', locale: req.locale });
  });

  serve(dailyRecordsApi.quick, async ({ req, query }) => quickRows(db, scopeOf(req), query));
};
