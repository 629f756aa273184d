/**
 * The permission catalogue: one application code per screen of SPEC §2, grouped as the menu shows
 * them (level 1: menu group, level 2: entry, level 3: tab strip). The server seeds the
 * `application_info` table from it, checks these codes on every route, and `roleApplicationTree`
 * returns the part an account holds; the web builds its menu and routes from that answer.
 *
 * funType: 'pig' and 'chicken' entries show only in that farm mode, 'common' in both.
 * scope: 'farm' (tenant farm-level), 'group' (group-level, kept apart from farm-level in roles),
 * 'platform' (platform back office only).
 * The menu label of a node is the i18n key `menu.<code>`.
 */
export type FunType = 'chicken' | 'pig' | 'common';
export type AppScope = 'farm' | 'group' | 'platform';

export interface AppNode {
  code: AppCode;
  /** Route path; groups without a page of their own have none. */
  path?: string;
  funType: FunType;
  scope: AppScope;
  seqNo: number;
  /** Shown in the menu (SPEC §2 "index-flagged routes"); hidden routes are reachable but not listed. */
  index: boolean;
  children: AppNode[];
}

type Spec = readonly [code: string, path: string | null, children?: readonly Spec[], opts?: { fun?: FunType; hidden?: boolean }];

/** `a/b` -> `a.b`: a tab's path segment as it stands in its application code. */
type Dots<S extends string> = S extends `${infer A}/${infer R}` ? `${A}.${Dots<R>}` : S;

/** Every application code a spec list holds, at any depth. */
type CodesOf<T> = T extends readonly [infer C extends string, unknown, ...infer Rest]
  ? C | (Rest extends readonly [infer K extends readonly unknown[], ...unknown[]] ? CodesOf<K[number]> : never)
  : never;

function build(specs: readonly Spec[], fun: FunType, scope: AppScope): AppNode[] {
  return specs.map(([code, path, children, opts], i) => {
    const funType = opts?.fun ?? fun;
    return {
      // The specs below are checked against AppCode where they are declared.
      code: code as AppCode,
      ...(path ? { path } : {}),
      funType,
      scope,
      seqNo: (i + 1) * 10,
      index: !opts?.hidden,
      children: build(children ?? [], funType, scope),
    };
  });
}

/** One tab strip: `<codeBase>.<name>` at `<base>/<name>` (a `/` in a name is a `.` in its code). */
function tabs<const B extends string, const N extends readonly string[]>(
  base: string,
  codeBase: B,
  names: N,
): { readonly [K in keyof N]: readonly [`${B}.${Dots<N[K]>}`, string] } {
  // The mapped type above spells out what this map makes, code by code.
  return names.map((n) => [`${codeBase}.${n.replace(/\//g, '.')}`, `${base}/${n}`] as const) as unknown as {
    readonly [K in keyof N]: readonly [`${B}.${Dots<N[K]>}`, string];
  };
}

const envKinds = ['temp', 'rh', 'co2', 'nh3', 'h2s', 'pa', 'light', 'wind', 'vent'] as const;
const pigEnvKinds = ['temp', 'rh', 'wind', 'co2', 'nh3'] as const;

/** The poultry production reports: each report group's tabs (menu codes `<group>.<tab>`, one report page each). */
export const POULTRY_REPORT_TABS = {
  'ci18.column': ['survival', 'daily', 'weekly'],
  'ci18.grow': ['grow-trend', 'mf-ratio-trend', 'daily', 'weekly', 'daily-mf-ratio-trend', 'weekly-mf-ratio-trend'],
  'ci18.feed': ['trend', 'feed-daily', 'feed-weekly'],
  'ci18.drink': ['trend', 'water-feed-ratio', 'drink-records', 'water-feed-records'],
  'ci18.egg': ['trend', 'egg-feed-ratio', 'egg-records-daily', 'egg-records-weekly', 'egg-feed-ratio-daily', 'egg-feed-ratio-weekly'],
  'ci18.immunel': ['health', 'inoculation', 'derug'],
  'ci18.business': [
    'group-daily',
    'group-weekly',
    'group-monthly',
    'field-monthly',
    'field-yearly',
    'field-energy',
    'field-dead-ko',
    'field-feed-conversion-ratio',
    'field-feed-egg-ratio',
    'field-feed-water-ratio',
  ],
} as const;

const platformSpecs = [['platform', null, [['platform.tenants', '/platform/tenants']]]] as const satisfies readonly Spec[];

const groupSpecs = [
  [
    'group',
    null,
    [
      ['group.overview', '/group/overview'],
      ['group.reports', null, tabs('/group/reports', 'group.reports', ['month', 'year'])],
      ['group-pig.overview', '/group-pig/overview', [], { fun: 'pig' }],
      ['d3.overview', '/d3/overview'],
    ],
  ],
] as const satisfies readonly Spec[];

const farmSpecs = [
  [
    'ci18',
    null,
    [
      [
        'ci18.overview',
        null,
        [
          ['ci18.overview.shed', '/ci18/overview/shed'],
          ['ci18.overview.datascreen', '/ci18/overview/datascreen/index'],
          ['ci18.overview.video', '/ci18/overview/video'],
        ],
      ],
      ['ci18.group.current', '/ci18/group/current'],
      ['ci18.env', null, envKinds.map((k) => [`ci18.env.${k}`, `/ci18/env/${k}`] as const)],
      ['ci18.envrecords', null, envKinds.map((k) => [`ci18.envrecords.${k}`, `/ci18/envrecords/${k}/rec`] as const)],
      ['ci18.column', null, tabs('/ci18/column', 'ci18.column', POULTRY_REPORT_TABS['ci18.column'])],
      ['ci18.grow', null, tabs('/ci18/grow', 'ci18.grow', POULTRY_REPORT_TABS['ci18.grow'])],
      ['ci18.feed', null, tabs('/ci18/feed', 'ci18.feed', POULTRY_REPORT_TABS['ci18.feed'])],
      ['ci18.drink', null, tabs('/ci18/drink', 'ci18.drink', POULTRY_REPORT_TABS['ci18.drink'])],
      ['ci18.egg', null, tabs('/ci18/egg', 'ci18.egg', POULTRY_REPORT_TABS['ci18.egg'])],
      ['ci18.immunel', null, tabs('/ci18/immunel', 'ci18.immunel', POULTRY_REPORT_TABS['ci18.immunel'])],
      ['ci18.business', null, tabs('/ci18/business', 'ci18.business', POULTRY_REPORT_TABS['ci18.business'])],
      ['ci18.std', '/ci18/std/curves'],
      ['remotecontrolfowl.concentrator', '/remotecontrolfowl/feed-device/concentrator'],
    ],
    { fun: 'chicken' },
  ],
  [
    'prod-data-input',
    null,
    tabs('/prod-data-input', 'prod-data-input', [
      'flock',
      'daily-column',
      'daily-feed',
      'daily-grow',
      'daily-drink',
      'daily-egg',
      'immunel',
      'derug',
    ]),
    { fun: 'chicken' },
  ],
  [
    'pig',
    null,
    [
      ['pig.overview.shed', '/pig/overview/shed'],
      ['pig.databoard', null, tabs('/pig/databoard', 'pig.databoard', ['farm', 'smart', 'acc', 'ai'])],
      ['pig.data.mor.kc', '/pig/data/mor/kc'],
      ...pigEnvKinds.map((k) => [`pig.env1.${k}`, null, tabs(`/pig/env1/${k}`, `pig.env1.${k}`, ['mor', 'rec'])] as const),
      ['pig.env1.stats', '/pig/env1/stats'],
    ],
    { fun: 'pig' },
  ],
  ['pig-archives', null, tabs('/pig-archives', 'pig-archives', ['current', 'history']), { fun: 'pig' }],
  ['pig-growth', null, tabs('/pig-growth', 'pig-growth', ['records', 'trend-backfat', 'trend-weight', 'trend-birth']), { fun: 'pig' }],
  ['ai-visual', null, tabs('/ai-visual', 'ai-visual', ['mor', 'dis']), { fun: 'pig' }],
  [
    'reports',
    null,
    [
      ['reports.env-trends', '/reports/env-trends'],
      ['reports.env-alerts-his', '/reports/env-alerts-his'],
      ['reports.env-alerts-analysis', null, tabs('/reports/env-alerts-analysis', 'reports.env-alerts-analysis', ['day', 'week', 'month'])],
      ['reports.device-alerts-rank', '/reports/device-alerts-rank'],
      ['reports.energy-analysis', null, tabs('/reports/energy-analysis', 'reports.energy-analysis', ['water', 'elec', 'mat'])],
      ['reports.device-commu-off', null, tabs('/reports/device-commu-off', 'reports.device-commu-off', ['commu-time', 'off-counts'])],
      ['reports.device-run-stats', '/reports/device-run-stats'],
    ],
  ],
  ['robot-scout', null, tabs('/robot-scout', 'robot-scout', ['gas-check', 'gas-records', 'robot-stats'])],
  [
    'weight',
    null,
    tabs('/weight', 'weight', ['bind', 'bind-feed', 'status', 'monitoring', 'records', 'ddreports', 'mmreports', 'yyreports']),
    { hidden: true },
  ],
  [
    'accurate-feeding',
    null,
    [
      ['accurate-feeding.plan', '/accurate-feeding/plan'],
      ['accurate-feeding.mornitoring', '/accurate-feeding/mornitoring'],
      [
        'accurate-feeding.records',
        null,
        tabs('/accurate-feeding/records', 'accurate-feeding.records', ['feeding', 'amount', 'feed-immediate']),
      ],
      ['accurate-feeding.meal', null, tabs('/accurate-feeding/meal', 'accurate-feeding.meal', ['shed', 'field'])],
      ['accurate-feeding.feed-alarm', null, tabs('/accurate-feeding/feed-alarm', 'accurate-feeding.feed-alarm', ['analysis', 'records'])],
      ['accurate-feeding.feed-analysis', '/accurate-feeding/feed-analysis/analysis'],
      ['accurate-feeding.slb-analysis', '/accurate-feeding/slb-analysis/index'],
      ['accurate-feeding.column', '/accurate-feeding/column', [], { fun: 'pig' }],
      ['accurate-feeding.info', null, tabs('/accurate-feeding/info', 'accurate-feeding.info', ['type', 'info'])],
      ['std.mgn', '/std/mgn'],
    ],
  ],
  [
    'remote-control',
    null,
    [
      ['remote-control.device', '/remote-control/device'],
      [
        'remote-control.env-control',
        null,
        tabs('/remote-control/env-control', 'remote-control.env-control', [
          'shed',
          'column',
          'temp-dayage',
          'fixed-wind',
          'dynamic-wind',
          'window',
          'pumps',
          'heater',
          'light',
        ]),
      ],
      ['remote-control.warn', null, tabs('/remote-control/warn', 'remote-control.warn', ['rh', 'bar', 'nh3', 'button'])],
      ['remote-control.feed-device', null, tabs('/remote-control/feed-device', 'remote-control.feed-device', ['concentrator', 'feeder'])],
      ['remote-control.option-logs', '/remote-control/option-logs'],
      ['safe-control.settings', '/safe-control/settings'],
    ],
  ],
  [
    'wash',
    null,
    [
      ['wash.mor', '/wash/mor'],
      ['wash.records', '/wash/records'],
      ['wash.report', null, tabs('/wash/report', 'wash.report', ['day', 'month', 'year'])],
    ],
  ],
  [
    'deodorization',
    null,
    [
      ['deodorization.mor', '/deodorization/mor'],
      ['deodorization.stats', null, tabs('/deodorization/stats', 'deodorization.stats', ['control', 'gen', 'weather'])],
      ['deodorization.records', '/deodorization/records'],
    ],
  ],
  [
    'clear-feces',
    null,
    [
      ['clear-feces.mor', '/clear-feces/mor'],
      ['clear-feces.stats', '/clear-feces/stats'],
      ['clear-feces.reports', null, tabs('/clear-feces/reports', 'clear-feces.reports', ['day', 'month', 'year'])],
      ['clear-feces.bind', '/clear-feces/bind'],
    ],
  ],
  [
    'energy',
    null,
    (['feed', 'water', 'elec'] as const).map(
      (k) =>
        [
          `energy.${k}`,
          null,
          [
            [`energy.${k}.trend`, `/energy/${k}/trend`],
            ...tabs(`/energy/${k}/reports`, `energy.${k}.reports`, ['farm/month', 'farm/year', 'shed/month', 'shed/year']),
          ],
        ] as const,
    ),
  ],
  [
    'elec',
    null,
    [
      ['elec.mor', '/elec/mor'],
      ['elec.records', '/elec/records'],
      ['elec.report', null, tabs('/elec/report', 'elec.report', ['day', 'month', 'year'])],
    ],
  ],
  [
    'device-connect',
    null,
    [
      // The network devices screen of Devices (device-mng.network), held under this code too: reachable
      // by its link, listed once in the menu (under Devices).
      ['device-connect.network', '/device-connect/network', [], { hidden: true }],
      ['device-connect.controller', '/device-connect/controller'],
      // One controller's running status, embedded by other screens (full screen, no menu entry).
      ['device-running-status.controller.iframe', '/device-running-status/controller/iframe', [], { hidden: true }],
    ],
  ],
  [
    'device-mng',
    null,
    tabs('/device-mng', 'device-mng', [
      'controller',
      'controller4008',
      'avatardevice',
      'hotracodevice',
      'weigh',
      'network',
      'feed/jzq',
      'feed/cjq',
      'feed/swq',
      'feed/swq/column',
      'feed/swq/relation',
      'video',
      'wash',
      'dian',
      'chuchou',
      'robot',
      'qingfen',
      'stat-records',
      'device-replace',
    ]),
  ],
  ['device.upgrade', null, tabs('/device/upgrade/feed', 'device.upgrade.feed', ['upload', 'msg', 'mor'])],
  [
    'device-maintenance',
    null,
    tabs('/device-maintenance', 'device-maintenance', ['time-main', 'time-sub', 'time-net', 'plans', 'records', 'alerts']),
  ],
  ['warningmanagement', null, tabs('/warningmanagement', 'warningmanagement', ['warningconfiguration', 'warningrecord'])],
  ['pushmanagement', null, tabs('/pushmanagement', 'pushmanagement', ['pushpolicyconfiguration', 'pushlist', 'pushlist-phone'])],
  ['housemanagement', null, tabs('/housemanagement', 'housemanagement', ['houselist', 'shedlist'])],
  ['usermanagement', null, tabs('/usermanagement', 'usermanagement', ['accountnumber', 'role'])],
  [
    'safe-oplog',
    null,
    [
      ['safe-oplog.records', '/safe-oplog/records'],
      ['safe-oplog.system', '/safe-oplog/system'],
    ],
  ],
] as const satisfies readonly Spec[];

/**
 * Every application code of the catalogue, as a type: a route's `app`, a page's registry key and
 * a grant name one of these, so a misspelt code fails the type check.
 */
export type AppCode = CodesOf<(typeof platformSpecs)[number]> | CodesOf<(typeof groupSpecs)[number]> | CodesOf<(typeof farmSpecs)[number]>;

export const PLATFORM_APPS: AppNode[] = build(platformSpecs, 'common', 'platform');
export const GROUP_APPS: AppNode[] = build(groupSpecs, 'common', 'group');
export const FARM_APPS: AppNode[] = build(farmSpecs, 'common', 'farm');
/** The whole catalogue, in menu order: group-level first, then farm-level, then platform. */
export const APP_CATALOGUE: AppNode[] = [...GROUP_APPS, ...FARM_APPS, ...PLATFORM_APPS];

/** Depth-first list of every node. */
export function flattenApps(nodes: AppNode[] = APP_CATALOGUE): AppNode[] {
  return nodes.flatMap((n) => [n, ...flattenApps(n.children)]);
}

const byCode = new Map<string, AppNode>(flattenApps().map((n) => [n.code, n]));
export function appByCode(code: string): AppNode | undefined {
  return byCode.get(code);
}

/** Farm mode (SPEC §4): all, pig or chicken; "whole-farm type" 1 = pig, 2 = chicken. */
export type LoginFarmType = 'all' | 'pig' | 'chicken';
export const WholeFarmType = { PIG: 1, CHICKEN: 2 } as const;

/** Derives the farm mode from the codes an account holds. */
export function deriveFarmType(codes: Iterable<string>): LoginFarmType {
  let pig = false;
  let chicken = false;
  for (const c of codes) {
    const f = byCode.get(c)?.funType;
    if (f === 'pig') pig = true;
    if (f === 'chicken') chicken = true;
  }
  if (pig && chicken) return 'all';
  if (chicken) return 'chicken';
  return 'pig';
}

/** Keeps the nodes visible in one farm mode: common ones and those of the mode. */
export function filterByMode(nodes: AppNode[], mode: 1 | 2): AppNode[] {
  const keep: FunType = mode === 1 ? 'pig' : 'chicken';
  return nodes.filter((n) => n.funType === 'common' || n.funType === keep).map((n) => ({ ...n, children: filterByMode(n.children, mode) }));
}
