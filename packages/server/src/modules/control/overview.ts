import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  ENV_CONTROL_GROUPS,
  ENV_CONTROL_PREFIXES,
  type EnvOverviewAnswer,
  type EnvOverviewQuery,
  type OverviewGroup,
} from '@farmsense/shared';
import type { Database } from '../../db/client.js';
import { gateways, pens, sheds } from '../../db/tables.js';
import { seesPen, shedCondition, tenantIdOf, visibleFarm, type Scope } from '../../scope/index.js';
import { linkOf, readLatest, readLinks } from '../environment/index.js';
import { shedComforts } from './comfort.js';
import { CONTROLLER_TYPE, statusOf } from './settings.js';

interface VersionRow {
  shed_id: number;
  grp: string;
  version: number;
  status: string;
  payload: unknown;
}

/** The newest version per house and climate group (only acknowledged ones with `synced`). */
async function newestVersions(database: Database, shedIds: number[], synced: boolean): Promise<Map<string, VersionRow>> {
  if (shedIds.length === 0) return new Map();
  const rows = await database.query<VersionRow>(
    `SELECT DISTINCT ON (shed_id, grp) shed_id, grp, version, status, payload FROM control_commands
      WHERE shed_id = ANY($1::int[]) AND grp = ANY($2::text[])${synced ? ` AND status = 'synced'` : ''}
      ORDER BY shed_id, grp, version DESC`,
    [shedIds, [...ENV_CONTROL_GROUPS]],
  );
  return new Map(rows.map((r) => [`${r.shed_id}/${r.grp}`, r]));
}

function groupBy<T>(rows: readonly T[], key: (row: T) => number): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const r of rows) {
    const list = out.get(key(r));
    if (list) list.push(r);
    else out.set(key(r), [r]);
  }
  return out;
}

/**
 * The climate overview of a farm's houses the account sees: each house's controller (the oldest
 * enabled one, as commands go), its latest climate values, the current flock's day age, the
 * desired and reported version of each climate group, and the house's pens the account sees.
 */
export async function envOverview(database: Database, scope: Scope, q: EnvOverviewQuery): Promise<EnvOverviewAnswer> {
  const db = database.db;
  const farm = await visibleFarm(scope, q.farmId);
  const tenantId = tenantIdOf(scope);
  const houses = await db
    .select({ id: sheds.id, shedName: sheds.shedName, shedType: sheds.shedType })
    .from(sheds)
    .where(and(eq(sheds.tenantId, tenantId), eq(sheds.farmId, farm.id), shedCondition(scope, sheds.farmId, sheds.id)))
    .orderBy(asc(sheds.areaNum), asc(sheds.buildingNum), asc(sheds.shedNum), asc(sheds.id));
  const ids = houses.map((h) => h.id);
  if (ids.length === 0) return { farmId: farm.id, now: Date.now(), sheds: [] };

  const gws = await db
    .select({ id: gateways.id, shedId: gateways.shedId, code: gateways.code, name: gateways.name })
    .from(gateways)
    .where(
      and(
        eq(gateways.tenantId, tenantId),
        inArray(gateways.shedId, ids),
        eq(gateways.gatewayType, CONTROLLER_TYPE),
        eq(gateways.enabled, true),
      ),
    )
    .orderBy(asc(gateways.id));
  const controllerOf = new Map<number, (typeof gws)[number]>();
  for (const g of gws) if (g.shedId !== null && !controllerOf.has(g.shedId)) controllerOf.set(g.shedId, g);
  const gwIds = [...controllerOf.values()].map((g) => g.id);
  const [latest, links, desired, reported, penRows, comforts] = await Promise.all([
    readLatest(database, gwIds, ENV_CONTROL_PREFIXES),
    readLinks(database, gwIds),
    newestVersions(database, ids, false),
    newestVersions(database, ids, true),
    db
      .select({ penId: pens.id, shedId: pens.shedId, fieldColumn: pens.fieldColumn, field: pens.field, name: pens.name })
      .from(pens)
      .where(and(eq(pens.tenantId, tenantId), inArray(pens.shedId, ids)))
      .orderBy(asc(pens.fieldColumn), asc(pens.field), asc(pens.id)),
    shedComforts(
      db,
      ids.map((id) => ({ id, timeZone: farm.timeZone })),
    ),
  ]);
  // Grouped once (not scanned per house): a farm of 200 houses has thousands of latest values.
  const latestOf = groupBy(latest, (r) => r.gatewayId);
  const pensOf = groupBy(penRows, (p) => p.shedId);

  const out: EnvOverviewAnswer['sheds'] = [];
  for (const h of houses) {
    const gw = controllerOf.get(h.id);
    const values: Record<string, number> = {};
    let lastTs: number | null = null;
    for (const r of gw ? (latestOf.get(gw.id) ?? []) : []) {
      values[r.key] = r.value;
      lastTs = Math.max(lastTs ?? 0, r.ts);
    }
    const link = gw ? linkOf(links, gw.id) : null;
    const dayAge = comforts.get(h.id)?.dayAge ?? null;
    const groups: OverviewGroup[] = ENV_CONTROL_GROUPS.map((group) => {
      const d = desired.get(`${h.id}/${group}`);
      const r = reported.get(`${h.id}/${group}`);
      return {
        group,
        desiredVersion: d?.version ?? null,
        reportedVersion: r?.version ?? null,
        status: d ? statusOf(d.status) : null,
        desired: d?.payload ?? null,
        reported: r?.payload ?? null,
      };
    });
    out.push({
      shedId: h.id,
      shedName: h.shedName,
      shedType: h.shedType,
      controller: gw && link ? { gatewayId: gw.id, code: gw.code, name: gw.name, online: link.online, lastSeenAt: link.lastSeenAt } : null,
      dayAge,
      values,
      lastTs,
      groups,
      pens: (pensOf.get(h.id) ?? [])
        .filter((p) => seesPen(scope, h.id, p.penId))
        .map(({ penId, fieldColumn, field, name }) => ({ penId, fieldColumn, field, name })),
    });
  }
  return { farmId: farm.id, now: Date.now(), sheds: out };
}
