import { inArray } from 'drizzle-orm';
import {
  AppError,
  ErrorCodes,
  OFFLINE_PROPERTY,
  type AlarmPageQuery,
  type AlarmRankExportQuery,
  type Locale,
  wallDate,
} from '@farmsense/shared';
import { translate } from '@farmsense/shared/i18n';
import type { Db } from '../../db/client.js';
import { farms } from '../../db/tables.js';
import { writeXlsx, zonedHeader, type Cell } from '../../lib/xlsx.js';
import { visibleFarm, type Scope } from '../../scope/index.js';
import { alarmPage } from './records.js';
import { alarmRank } from './reports.js';

/**
 * The Excel files of the alarm reports, in the request's language: the history under the list's
 * filters, and one table of the ranking. Times are the farm's wall-clock time (a spreadsheet date
 * has no zone) and the time headers name the zone.
 */
export const MAX_HISTORY_EXPORT = 100_000;

const day = (d: Date): string => d.toISOString().slice(0, 10);

/** "Temperature 2", or the device state's name. */
function propertyName(locale: Locale, key: string): string {
  if (key === OFFLINE_PROPERTY) return translate(locale, 'alarms.property.offline');
  const dot = key.indexOf('.');
  const prefix = dot < 0 ? key : key.slice(0, dot);
  const label = translate(locale, `environment.key.${prefix}`, { n: dot < 0 ? '' : key.slice(dot + 1) }).trim();
  return label.startsWith('environment.') ? key : label;
}

export async function exportHistory(db: Db, scope: Scope, q: AlarmPageQuery, locale: Locale): Promise<{ file: Buffer; filename: string }> {
  const page = await alarmPage(db, scope, { ...q, pageNo: 1, pageSize: MAX_HISTORY_EXPORT });
  if (page.total > MAX_HISTORY_EXPORT) {
    throw new AppError(ErrorCodes.PARAM_ERROR, {
      data: { issues: [{ field: 'endTime', key: 'environment.exportTooLarge' }], max: MAX_HISTORY_EXPORT },
    });
  }
  const farmIds = [...new Set(page.list.map((a) => a.farmId))];
  const zones = new Map<number, string>(
    farmIds.length === 0
      ? []
      : (await db.select({ id: farms.id, tz: farms.timeZone }).from(farms).where(inArray(farms.id, farmIds))).map((f) => [f.id, f.tz]),
  );
  if (q.farmId && !zones.has(q.farmId)) zones.set(q.farmId, (await visibleFarm(scope, q.farmId)).timeZone);
  const zoneList = [...new Set(zones.values())];
  const tx = (key: string): string => translate(locale, `alarms.${key}`);
  const local = (farmId: number, ms: number | null): Date | null => (ms === null ? null : wallDate(ms, zones.get(farmId) ?? 'UTC'));
  const header = [
    tx('export.level'),
    tx('export.farm'),
    tx('export.shed'),
    tx('export.gateway'),
    tx('export.rule'),
    tx('export.kind'),
    tx('export.property'),
    tx('export.message'),
    tx('export.state'),
    zonedHeader(tx('export.start'), zoneList),
    zonedHeader(tx('export.end'), zoneList),
    tx('export.durationMin'),
    tx('export.value'),
    tx('export.peak'),
    tx('export.low'),
    tx('export.high'),
    tx('export.dayAge'),
    tx('export.ackBy'),
    zonedHeader(tx('export.ackAt'), zoneList),
    tx('export.ackComment'),
  ];
  const rows: Cell[][] = page.list.map((a) => [
    tx(`levels.${a.level}`),
    a.farmName,
    a.shedName,
    a.gatewayCode,
    a.ruleName,
    tx(`kinds.${a.kind}`),
    propertyName(locale, a.key),
    a.message,
    tx(`rowStates.${a.state}`),
    local(a.farmId, a.startedAt),
    local(a.farmId, a.endedAt),
    Math.round(a.durationSec / 6) / 10,
    a.value,
    a.peak,
    a.low,
    a.high,
    a.dayAge,
    a.ackByName,
    local(a.farmId, a.ackAt),
    a.ackComment,
  ]);
  const file = await writeXlsx({
    name: tx('export.historySheet'),
    header,
    rows,
    widths: header.map((h) => Math.max(12, Math.min(40, h.length + 2))),
  });
  const range = q.startTime && q.endTime ? `-${day(q.startTime)}_${day(q.endTime)}` : '';
  return { file, filename: `${tx('export.historySheet')}${range}.xlsx` };
}

export async function exportRank(
  db: Db,
  scope: Scope,
  q: AlarmRankExportQuery,
  locale: Locale,
): Promise<{ file: Buffer; filename: string }> {
  const farm = await visibleFarm(scope, q.farmId);
  const rank = await alarmRank(db, scope, { ...q, top: Number.MAX_SAFE_INTEGER });
  const tx = (key: string): string => translate(locale, `alarms.${key}`);
  const local = (ms: number): Date => wallDate(ms, farm.timeZone);
  const hours = (sec: number): number => Math.round(sec / 36) / 100;
  const minutes = (sec: number | null): number | null => (sec === null ? null : Math.round(sec / 6) / 10);
  const tail = [tx('export.count'), tx('levels.1'), tx('levels.2'), tx('levels.3')];
  const times = [tx('export.alarmHours'), tx('export.mttaMin'), zonedHeader(tx('export.lastAt'), [farm.timeZone])];
  const byGateway = q.by === 'gateway';
  const header = byGateway
    ? [tx('export.rank'), tx('export.gateway'), tx('export.shed'), ...tail, ...times]
    : [tx('export.rank'), tx('export.rule'), tx('export.kind'), ...tail, tx('export.gateways'), ...times];
  const rows: Cell[][] = byGateway
    ? rank.gateways.map((g, i) => [
        i + 1,
        g.gatewayCode,
        g.shedName,
        g.count,
        g.high,
        g.medium,
        g.low,
        hours(g.alarmSec),
        minutes(g.mttaSec),
        local(g.lastAt),
      ])
    : rank.rules.map((r, i) => [
        i + 1,
        r.ruleName,
        tx(`kinds.${r.kind}`),
        r.count,
        r.high,
        r.medium,
        r.low,
        r.gateways,
        hours(r.alarmSec),
        minutes(r.mttaSec),
        local(r.lastAt),
      ]);
  const name = tx(byGateway ? 'export.rankGatewaySheet' : 'export.rankRuleSheet');
  const file = await writeXlsx({ name, header, rows, widths: header.map((h) => Math.max(10, Math.min(40, h.length + 2))) });
  return { file, filename: `${farm.farmName}-${name}-${day(local(rank.from))}_${day(local(rank.to))}.xlsx` };
}
