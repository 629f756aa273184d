import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, eq } from 'drizzle-orm';
import {
  dailyBatchBody,
  dailyIdParams,
  dailyKindParams,
  dailyPageBody,
  dayInput,
  idInput,
  idParam,
  type Page,
  type SaveOutcome,
} from '@farmsense/shared';
import type { ModuleRoutes } from '../module.js';
import { writeAudit } from '../../plugins/audit.js';
import { scopeOf, visibleFarm } from '../../scope/index.js';
import { NO_DATA } from '../../plugins/envelope.js';
import { dailyPage, quickRows, type DailyRowOut, type QuickRow } from './daily.js';
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
 * Poultry production (docs/API-PRODUCTION.md): flocks (flocks.ts) and the daily records of each
 * kind. The `:kind` routes admit every entry screen at the guard; each handler then requires the
 * kind's own screen (assertKindApp), refused and logged like the guard's refusals.
 */
/** The kind's own schema (dailyRowSchemas[kind]) checks the rest in the handler (99996). */
const dailyRowBody = z.looseObject({ flockId: idInput });
const dailyRowUpdateBody = z.looseObject({ id: idInput, flockId: idInput });
const quickQuery = z.strictObject({ farmId: idParam, day: dayInput });

export const productionRoutes: ModuleRoutes = async (base, { database }) => {
  const db = database.db;
  await flockRoutes(base, db);
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['production'];
  const config = { app: DAILY_APPS, module: 'production' };

  app.post(
    '/api/breedpigbuilding/flockDaily/:kind/page',
    {
      config: { ...config, app: DAILY_LIST_APPS, readOnly: true },
      schema: {
        tags,
        summary: "A kind's records, newest day first (feed and water: measured days filled first)",
        params: dailyKindParams,
        body: dailyPageBody,
      },
    },
    async (req): Promise<Page<DailyRowOut>> => {
      const scope = scopeOf(req);
      await assertKindApp(scope, [req.params.kind], { read: true });
      return dailyPage(db, scope, req.params.kind, req.body);
    },
  );

  app.post(
    '/api/breedpigbuilding/flockDaily/:kind',
    {
      config,
      schema: {
        tags,
        summary: 'Adds a record (21016 outside the flock life, 20301/20302/20078 day exists, 20068 removals)',
        params: dailyKindParams,
        body: dailyRowBody,
      },
    },
    async (req): Promise<{ id: number }> => {
      const scope = scopeOf(req);
      const { kind } = req.params;
      await assertKindApp(scope, [kind]);
      const row = parseRowOrThrow(kind, req.body);
      const flock = await visibleFlock(db, scope, row.flockId);
      const saved = await db.transaction(async (tx) => insertRow(tx, scope, kind, row, flock));
      return { id: saved.id };
    },
  );

  app.put(
    '/api/breedpigbuilding/flockDaily/:kind',
    {
      config,
      schema: {
        tags,
        summary: 'Edits a record (missing: feed 20073, egg 20075, water 20077, else 30001); a measured row keeps the meter figure',
        params: dailyKindParams,
        body: dailyRowUpdateBody,
      },
    },
    async (req): Promise<{ id: number }> => {
      const scope = scopeOf(req);
      const { kind } = req.params;
      await assertKindApp(scope, [kind]);
      const { id, ...fields } = req.body;
      const row = parseRowOrThrow(kind, fields);
      const existing = await visibleRecord(db, scope, kind, id);
      const flock = row.flockId === existing.flock.id ? existing.flock : await visibleFlock(db, scope, row.flockId);
      const change = await db.transaction(async (tx) => updateStored(tx, scope, kind, existing.row, row, flock));
      // The entry records what the record was and became (a corrected meter figure among them).
      await writeAudit(db, req, { outcome: 'ok', code: 1, detail: { kind, id: change.id, old: change.old, new: change.new } });
      return { id: change.id };
    },
  );

  app.delete(
    '/api/breedpigbuilding/flockDaily/:kind/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Deletes a record (stock: 20068 when later days would remove more birds than remain)',
        params: dailyIdParams,
      },
    },
    async (req) => {
      const scope = scopeOf(req);
      const { kind, id } = req.params;
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
      return NO_DATA;
    },
  );

  app.post(
    '/api/breedpigbuilding/flockDaily/:kind/batch',
    {
      config,
      schema: {
        tags,
        summary: 'Quick entry: one day, several flocks of a farm; good rows saved, the others listed',
        params: dailyKindParams,
        body: dailyBatchBody,
      },
    },
    async (req): Promise<SaveOutcome> => {
      const scope = scopeOf(req);
      const { kind } = req.params;
      await assertKindApp(scope, [kind]);
      await visibleFarm(scope, req.body.farmId);
      const rows = isDayKind(kind) ? req.body.rows.map((r) => ({ ...r, day: req.body.day })) : req.body.rows;
      return saveDailyRows(db, scope, kind, rows, { farmId: req.body.farmId, mode: 'insert', locale: req.locale });
    },
  );

  app.get(
    '/api/breedpigbuilding/flockDaily/quick',
    {
      config,
      schema: { tags, summary: "The day's rows per current flock of the farm, for the quick-entry form", querystring: quickQuery },
    },
    async (req): Promise<QuickRow[]> => quickRows(db, scopeOf(req), req.query),
  );
};
