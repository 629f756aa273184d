import { ENV_KINDS, PIG_ENV_KINDS, type EnvKind, type AppCode } from '@farmsense/shared';
import { requireFunction, type Scope } from '../../scope/index.js';

/**
 * The application codes of the screens each environment call serves: a route admits any of its
 * screens at the guard; a `:kind` route then checks the kind's own screens here.
 */
const OVERVIEWS: AppCode[] = ['pig.overview.shed', 'ci18.overview.shed', 'ci18.overview.datascreen'];

type PigKind = (typeof PIG_ENV_KINDS)[number];
const isPigKind = (kind: EnvKind): kind is PigKind => (PIG_ENV_KINDS as readonly string[]).includes(kind);
export const MONITOR_APPS: AppCode[] = [
  ...OVERVIEWS,
  ...PIG_ENV_KINDS.map((k) => `pig.env1.${k}.mor` as const),
  'pig.env1.stats',
  'pig.databoard.farm',
  'pig.databoard.smart',
];
export const DETAIL_APPS: AppCode[] = [
  ...MONITOR_APPS,
  'device-mng.controller',
  'device-connect.controller',
  'remote-control.device',
  'remote-control.env-control.shed',
  'device-running-status.controller.iframe',
];
export const CONNECT_APPS: AppCode[] = [
  'device-connect.controller',
  'device-connect.network',
  'device-mng.controller',
  'reports.device-commu-off.commu-time',
  'reports.device-commu-off.off-counts',
  'ci18.overview.datascreen',
  'pig.databoard.farm',
];
export const COMMU_OFF_APPS: AppCode[] = ['reports.device-commu-off.commu-time', 'reports.device-commu-off.off-counts'];
export const RUN_STATS_APPS: AppCode[] = ['reports.device-run-stats'];

/** Screens that chart a kind: its poultry and pig pages, the pig statistics (min / avg / max), the report, the overviews. */
export function trendAppsFor(kind: EnvKind): AppCode[] {
  const pig: AppCode[] = isPigKind(kind) ? [`pig.env1.${kind}.mor`, 'pig.env1.stats'] : [];
  return [`ci18.env.${kind}`, ...pig, 'reports.env-trends', ...OVERVIEWS];
}

/** Screens that list a kind's records. */
export function recordAppsFor(kind: EnvKind): AppCode[] {
  const pig: AppCode[] = isPigKind(kind) ? [`pig.env1.${kind}.rec`] : [];
  return [`ci18.envrecords.${kind}`, ...pig];
}

export const TREND_APPS: AppCode[] = [...new Set(ENV_KINDS.flatMap(trendAppsFor))];
export const RECORD_APPS: AppCode[] = [...new Set(ENV_KINDS.flatMap(recordAppsFor))];

/** 10009 unless the caller holds one of the kind's screens (the route admits any kind's). */
export function assertKindAllowed(scope: Scope, apps: string[]): void {
  requireFunction(scope.req, scope.functions, apps);
}
