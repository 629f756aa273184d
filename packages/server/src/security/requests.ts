import type { LightMyRequestResponse } from 'fastify';
import { FEEDER_DEFAULTS } from '@farmsense/shared';
import { tokenFor } from '../test/factories.js';
import { readSheet } from '../test/xlsx-reader.js';
import { example, type Hints } from './json-schema.js';
import type { TestContext } from '../test/harness.js';
import type { Actor, DemoIds, Markers, RouteInfo, SecurityWorld, ZodLike } from './world.js';

/**
 * Requests of the security tests: the values a route's request is filled with (the demo tenant's
 * ids and working secrets), the request itself, the answer read back (Excel included) and what in
 * an answer would be a leak.
 */
/** Which entity an `id` / `ids` property names, from the route's path (first match wins). */
const ENTITY_OF_PATH: [RegExp, (d: DemoIds) => number | null][] = [
  [/\/standardCurve/i, (d) => d.pigCurve],
  [/\/authCode\//i, (d) => d.pigAuthCode],
  [/\/feeding\/feedType/i, (d) => d.pigFeedType],
  [/\/feeding\/feedInfo/i, (d) => d.pigFeed],
  [/\/feeding\/plan/i, (d) => d.pigPlan],
  [/\/feeding\/meal/i, (d) => d.pigMealAdjust],
  [/\/feeding\/concentrator/i, (d) => d.pigConcentrator],
  [/\/feeding\/collector/i, (d) => d.pigCollector],
  [/\/feeding\/feeder/i, (d) => d.pigFeeder],
  [/\/feeding\/standard/i, (d) => d.pigStandard],
  [/\/feeding\/rack/i, (d) => d.pigRack],
  [/\/warning\/ruleGroup/i, (d) => d.pigAlarmGroup],
  [/\/warning\/rule/i, (d) => d.pigAlarmRule],
  [/\/warning\/record/i, (d) => d.pigAlarm],
  [/\/warning\/push\/strategy/i, (d) => d.pigPushStrategy],
  [/\/warning\/push\/phone/i, (d) => d.pigPhoneConfig],
  [/\/breedWeightFodder\/silo/i, (d) => d.pigSilo],
  [/\/flock(Daily)?\//i, (d) => d.pigFlock],
  [/\/flock$/i, (d) => d.pigFlock],
  [/\/controller\//i, (d) => d.pigGateway.id],
  [/\/network\//i, (d) => d.pigNetwork],
  [/field/i, (d) => d.pigPen],
  [/shed/i, (d) => d.pigShed],
  [/farm/i, (d) => d.pigFarm],
  [/role/i, (d) => d.pigRole],
  [/tenant/i, (d) => d.tenant],
  [/account|password/i, (d) => d.pigAccount],
];

let serial = 0;

/** Property values for requests of `path`: the demo tenant's ids (of its pig farm) and working secrets. */
export function hintsFor(w: SecurityWorld, path: string): Hints & { unresolved: Set<string> } {
  const d = w.demo;
  const now = Date.now();
  const one = (v: number): unknown[] => [v, [v], String(v)];
  const named: Record<string, () => unknown[]> = {
    farmId: () => one(d.pigFarm),
    farmIds: () => one(d.pigFarm),
    shedId: () => one(d.pigShed),
    shedIds: () => one(d.pigShed),
    penId: () => one(d.pigPen),
    penIds: () => one(d.pigPen),
    gatewayId: () => one(d.pigGateway.id),
    gatewayCode: () => [d.pigGateway.code],
    flockId: () => one(d.pigFlock),
    flockIds: () => one(d.pigFlock),
    groupId: () => one(d.pigAlarmGroup),
    typeId: () => one(d.pigFeedType),
    // A feeding plan that keeps the SPEC §5 rules the document cannot show: one stage, one meal of 100 %.
    totalDays: () => [60],
    splitPoints: () => [[1, 60]],
    stages: () => [[{ startDay: 1, endDay: 60, feedId: d.pigFeed, dailyAmount: 2000 }]],
    meals: () => [[{ startMinute: 360, endMinute: 420, share: 100 }]],
    dispatchMode: () => ['immediate'],
    // A meal adjustment's ration change within its bounds (shared feeding/meal-rules.ts).
    ration: () => [{ unit: 'percent', value: 5 }],
    feedId: () => one(d.pigFeed),
    feederId: () => one(d.pigFeeder),
    // The remote feed-device actions name the demo house's feeders or concentrators.
    feederIds: () => one(d.pigFeeder),
    // Feeding racks and positions: the rack of the feeder's pen and its first position.
    rackId: () => one(d.pigRack),
    positionId: () => one(d.pigPosition),
    toPositionId: () => one(d.pigPosition),
    startNo: () => [1],
    endNo: () => [2],
    concentratorIds: () => one(d.pigConcentrator),
    // Their settings keep their rules (trough alarm low below high, a baud rate of the list).
    params: () => [{ ...FEEDER_DEFAULTS }],
    serial: () => [{ baudRate: 9600, dataBits: 8, stopBits: 1, parity: 'none' }],
    // A collector's parent is a concentrator, a feeder's a collector.
    parentId: () => one(/\/feeder/i.test(path) ? d.pigCollector : d.pigConcentrator),
    standardId: () => one(d.pigStandard),
    // A feeding standard that keeps its rules: one age row with its bounds in order, one adjustment.
    ages: () => [[{ startDay: 1, endDay: 114, minAmount: 1800, dailyAmount: 2200, maxAmount: 2800 }]],
    adjustments: () => [[{ factor: 'parity', from: 1, to: 1, percent: 5 }]],
    // Push: a person of the pig farm, an address list, numbers with distinct priorities (SPEC §5).
    accountIds: () => one(d.pigAccount),
    extraEmails: () => ['duty@example.com'],
    // An acknowledge link's token: well formed, matching nothing (21019).
    token: () => ['A'.repeat(43)],
    callers: () => [[{ name: 'Line', number: '13900000001', priority: 1 }]],
    callees: () => [
      [
        { name: 'First', number: '13900000002', priority: 2 },
        { name: 'Second', number: '13900000003', priority: 1 },
      ],
    ],
    // The silo reports need the year (day and month reports) and month (day report) their period names.
    year: () => [new Date().getFullYear()],
    month: () => [1],
    // A flock needs birds (a refinement the document cannot show).
    femaleCount: () => [100],
    // Curve values are typed as text or numbers; the text must be numbers separated by commas.
    values: () => ['10, 20, 30'],
    accountId: () => one(d.pigAccount),
    adminAccountId: () => one(d.pigAccount),
    roleId: () => one(d.pigRole),
    roleIds: () => one(d.pigRole),
    tenantId: () => one(d.tenant),
    applicationInfoId: () => one(d.appId),
    applicationId: () => one(d.appId),
    applicationIds: () => one(d.appId),
    userAccount: () => ['pig'],
    account: () => ['pig'],
    username: () => ['pig'],
    password: () => [w.passwords.strong],
    adminPassword: () => [w.passwords.strong],
    newPassword: () => [w.passwords.strong],
    securePassword: () => [w.passwords.strong],
    oldPassword: () => [w.passwords.demo],
    accountCode: () => [`sec-${++serial}`],
    adminAccountCode: () => [`sec-admin-${++serial}`],
    modeCode: () => ['pig.overview.shed'],
    phoneNo: () => ['13900000000'],
    phone: () => ['13900000000'],
    areaCode: () => ['+86'],
    timeZone: () => ['Asia/Shanghai'],
    startTime: () => [now - 3_600_000],
    from: () => [now - 3_600_000],
    endTime: () => [now],
    to: () => [now],
    // Sensor keys: a channel key (`temp.1`) is also a valid telemetry key.
    // A device switched by hand (remote control) is an actuator's key.
    key: () => ['temp.1', 'temp', 'fan.1'],
    ip: () => ['10.9.9.10'],
    // Device enumerations the schema checks with a refinement the document cannot show.
    gatewayType: () => [101],
    deviceCategory: () => [201],
  };
  const unresolved = new Set<string>();
  const entity = ENTITY_OF_PATH.find(([re]) => re.test(path))?.[1](d) ?? null;
  return {
    unresolved,
    values: (name) => {
      if (name === 'id' || name === 'ids') {
        if (entity === null) unresolved.add(name);
        return entity === null ? undefined : one(entity);
      }
      return named[name]?.();
    },
    // Every id-like property goes out, so optional filters carry the ids under test as well; so
    // does a time range, which some reads need unless a preset names one.
    include: (name) =>
      ['id', 'ids', 'gatewayCode', 'userAccount', 'startTime', 'endTime', 'femaleCount', 'year', 'month'].includes(name) ||
      (/(Id|Ids)$/.test(name) && name in named),
  };
}

export interface BuiltRequest {
  method: RouteInfo['method'];
  url: string;
  query: Record<string, string>;
  params: Record<string, string>;
  payload?: unknown;
  /** Why the generator could not build a valid request (empty when it could). */
  problems: string[];
}

export function buildRequest(w: SecurityWorld, route: RouteInfo): BuiltRequest {
  const hints = hintsFor(w, route.path);
  const problems: string[] = [];
  const params: Record<string, string> = {};
  const query: Record<string, string> = {};
  for (const p of route.op.parameters ?? []) {
    if (p.in !== 'path' && p.in !== 'query') continue;
    if (p.in === 'query' && !p.required && !hints.include(p.name)) continue;
    const v = example(p.schema, hints, p.name);
    if (v === undefined) {
      if (p.required) problems.push(`no value for ${p.in} ${p.name}`);
      continue;
    }
    (p.in === 'path' ? params : query)[p.name] = Array.isArray(v) ? v.join(',') : String(v);
  }
  let payload: unknown;
  if (route.bodySchema) {
    payload = example(route.bodySchema, hints);
    if (payload === undefined) problems.push('no body');
  }
  for (const n of hints.unresolved) problems.push(`cannot tell what "${n}" names in ${route.path}`);
  // The route's own schemas are the judge of validity (what Fastify will run).
  const checks: [ZodLike | undefined, unknown, string][] = [
    [route.schema.body, payload, 'body'],
    [route.schema.querystring, query, 'query'],
    [route.schema.params, params, 'params'],
  ];
  for (const [schema, value, where] of checks) {
    if (!schema || typeof schema.safeParse !== 'function') continue;
    const r = schema.safeParse(value);
    if (!r.success) problems.push(`${where} rejected: ${JSON.stringify(value)} ${String(r.error)}`.slice(0, 600));
  }
  const url = route.path.replace(/\{(\w+)\}/g, (_, n: string) => encodeURIComponent(params[n] ?? ''));
  const qs = new URLSearchParams(query).toString();
  return { method: route.method, url: qs ? `${url}?${qs}` : url, query, params, ...(payload === undefined ? {} : { payload }), problems };
}

export interface Answer {
  status: number;
  code: number | undefined;
  /** The parsed JSON answer, or the cell texts of a spreadsheet, or the raw text. */
  content: unknown;
  contentType: string;
}

/** Sends as the holder of `token`; a call that never completes (an opened stream) fails after 10 s. */
export async function send(
  ctx: TestContext,
  token: string | null,
  req: { method: string; url: string; payload?: unknown },
): Promise<Answer> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${req.method} ${req.url} did not complete (an open stream?)`)), 10_000);
  });
  try {
    const headers: Record<string, string> = {
      ...(token ? { token } : {}),
      ...(req.payload === undefined ? {} : { 'content-type': 'application/json' }),
    };
    const res: LightMyRequestResponse = await Promise.race([
      ctx.app.inject({
        method: req.method as 'GET',
        url: req.url,
        headers,
        ...(req.payload === undefined ? {} : { payload: JSON.stringify(req.payload) }),
      }),
      timeout,
    ]);
    const contentType = String(res.headers['content-type'] ?? '');
    if (contentType.includes('json')) {
      const body = res.json() as { code?: number };
      return { status: res.statusCode, code: body.code, content: body, contentType };
    }
    if (contentType.includes('spreadsheetml'))
      return { status: res.statusCode, code: undefined, content: readSheet(res.rawPayload), contentType };
    return { status: res.statusCode, code: undefined, content: res.body, contentType };
  } finally {
    clearTimeout(timer);
  }
}

/** The markers found anywhere in `value` (names as substrings; account codes exactly, under account-like keys). */
export function leaks(value: unknown, m: Markers): string[] {
  const found = new Set<string>();
  const walk = (v: unknown, key: string): void => {
    if (typeof v === 'string') {
      for (const t of m.texts) if (v.includes(t)) found.add(t);
      if (/account|user/i.test(key) && m.accountCodes.includes(v)) found.add(`${key}=${v}`);
    } else if (Array.isArray(v)) {
      for (const x of v) walk(x, key);
    } else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) walk(x, k);
    }
  };
  walk(value, '');
  return [...found];
}

export async function tokenOf(w: SecurityWorld, a: Actor): Promise<string> {
  return tokenFor(w.ctx.database.db, a.code);
}
