import { asc, eq } from 'drizzle-orm';
import { COMMAND_PROPERTY, MAX_DAY_AGE, OFFLINE_PROPERTY, type AlarmStageInput } from '@farmsense/shared';
import type { Db } from './client.js';
import { alarmRuleGroups, alarmRules, alarmRuleStages, farms, gateways, sheds, tenants } from './tables.js';
import { DEMO_TENANT } from './demo-codes.js';
import { demoTenantToSeed } from './demo-tenant.js';
import { evaluateReadings, gatewayRefColumns, storedReadings } from '../modules/alarms/index.js';
import type { Deps } from '../deps.js';

/**
 * CONTRACT §5 demo alarm rules (issue 13) for the demo tenant: one group per farm and shed type
 * in use, with rules per day-age stage (broilers by week of age and against the day's target,
 * piglets warmer than finishers), gas and humidity limits held for minutes, a silent thermometer,
 * the controller offline, a remote setting the controller did not apply, and (broilers) a
 * temperature rising fast. The alarm history is not invented: `seedAlarmHistory` runs the
 * evaluator over the stored demo readings (db/seed-history.ts), so every alarm matches a chart.
 */

type Stage = Partial<AlarmStageInput> & Pick<AlarmStageInput, 'fromDay' | 'toDay'>;
interface RuleSeed {
  name: string;
  level: 1 | 2 | 3;
  message: string;
  kind: 'threshold' | 'noData' | 'offline' | 'commandFailed' | 'rateOfChange';
  property?: string;
  rate?: { direction: 'rising' | 'falling' | 'either'; amount: number; windowMinutes: number };
  operator?: 'gt' | 'gte' | 'lt' | 'lte' | 'outside';
  stages?: Stage[];
  durationSec?: number;
  deadband?: number;
  noDataMinutes?: number;
}

const ALL_AGES = { fromDay: 0, toDay: MAX_DAY_AGE };
const common: RuleSeed[] = [
  {
    name: 'Ammonia high',
    level: 2,
    message: 'Ammonia above 20 ppm for 10 minutes: check ventilation and litter.',
    kind: 'threshold',
    property: 'nh3',
    operator: 'gte',
    stages: [{ ...ALL_AGES, high: 20 }],
    durationSec: 600,
    deadband: 2,
  },
  {
    name: 'CO2 high',
    level: 3,
    message: 'CO2 above 3000 ppm for 10 minutes: minimum ventilation too low.',
    kind: 'threshold',
    property: 'co2',
    operator: 'gt',
    stages: [{ ...ALL_AGES, high: 3000 }],
    durationSec: 600,
    deadband: 200,
  },
  {
    name: 'Thermometer silent',
    level: 2,
    message: 'Temperature sensor 1 has sent nothing for 15 minutes.',
    kind: 'noData',
    property: 'temp.1',
    noDataMinutes: 15,
  },
  { name: 'Controller offline', level: 1, message: 'The house controller is offline.', kind: 'offline', durationSec: 300 },
  { name: 'Setting not applied', level: 2, message: 'The controller refused or did not confirm a remote setting.', kind: 'commandFailed' },
];

/** Rules by shed type (SPEC §3 codes: pig 2 farrowing, 3 nursery, 4 fattening; poultry 1001 broiler, 1002 layer). */
const RULES: Record<number, RuleSeed[]> = {
  2: [
    {
      name: 'Farrowing house hot',
      level: 1,
      message: 'Farrowing house above 30 °C for 5 minutes: sows at risk.',
      kind: 'threshold',
      property: 'temp',
      operator: 'gt',
      stages: [{ ...ALL_AGES, high: 30 }],
      durationSec: 300,
      deadband: 1,
    },
  ],
  3: [
    {
      name: 'Nursery temperature',
      level: 1,
      message: 'Nursery temperature out of the band for the piglets’ age.',
      kind: 'threshold',
      property: 'temp',
      operator: 'outside',
      stages: [
        { fromDay: 0, toDay: 14, low: 24, high: 32 },
        { fromDay: 15, toDay: MAX_DAY_AGE, low: 20, high: 30 },
      ],
      durationSec: 300,
      deadband: 1,
    },
  ],
  4: [
    {
      name: 'Finisher house hot',
      level: 1,
      message: 'Fattening house above 28 °C for 10 minutes.',
      kind: 'threshold',
      property: 'temp',
      operator: 'gt',
      stages: [{ ...ALL_AGES, high: 28 }],
      durationSec: 600,
      deadband: 1,
    },
  ],
  1001: [
    {
      name: 'Broiler house hot',
      level: 1,
      message: 'Broiler house above the limit for the week of age for 5 minutes.',
      kind: 'threshold',
      property: 'temp',
      operator: 'gt',
      stages: [
        { fromDay: 0, toDay: 7, high: 35 },
        { fromDay: 8, toDay: 21, high: 32 },
        { fromDay: 22, toDay: MAX_DAY_AGE, high: 29 },
      ],
      durationSec: 300,
      deadband: 1,
    },
    {
      name: 'Off the target temperature',
      level: 2,
      message: 'More than 3 °C away from the day’s target temperature for 10 minutes.',
      kind: 'threshold',
      property: 'temp.1',
      operator: 'outside',
      stages: [{ ...ALL_AGES, limitKind: 'relative', low: -3, high: 3 }],
      durationSec: 600,
      deadband: 0.5,
    },
    {
      name: 'Humidity',
      level: 3,
      message: 'Relative humidity outside 40-80 % for 15 minutes.',
      kind: 'threshold',
      property: 'rh',
      operator: 'outside',
      stages: [{ ...ALL_AGES, low: 40, high: 80 }],
      durationSec: 900,
      deadband: 3,
    },
    {
      name: 'Temperature rising fast',
      level: 2,
      message: 'Temperature up more than 3 °C within 15 minutes: check heaters and ventilation.',
      kind: 'rateOfChange',
      property: 'temp.1',
      rate: { direction: 'rising', amount: 3, windowMinutes: 15 },
      durationSec: 0,
      deadband: 0.5,
    },
  ],
  1002: [
    {
      name: 'Layer house temperature',
      level: 1,
      message: 'Layer house outside 15-28 °C for 10 minutes.',
      kind: 'threshold',
      property: 'temp',
      operator: 'outside',
      stages: [{ ...ALL_AGES, low: 15, high: 28 }],
      durationSec: 600,
      deadband: 1,
    },
  ],
};

/** The demo rules; false when the demo tenant is missing or already has alarm rules. */
export async function seedAlarmRules(db: Db): Promise<boolean> {
  const tenantId = await demoTenantToSeed(db, alarmRuleGroups.tenantId);
  if (tenantId === null) return false;
  const types = await db
    .selectDistinct({ farmId: sheds.farmId, farmName: farms.farmName, shedType: sheds.shedType })
    .from(sheds)
    .innerJoin(farms, eq(farms.id, sheds.farmId))
    .where(eq(sheds.tenantId, tenantId))
    .orderBy(asc(sheds.farmId), asc(sheds.shedType));
  await db.transaction(async (tx) => {
    for (const t of types) {
      const own = RULES[t.shedType];
      if (!own) continue;
      const [group] = await tx
        .insert(alarmRuleGroups)
        .values({ tenantId, farmId: t.farmId, shedType: t.shedType, name: `Shed type ${t.shedType} alarms`, remark: t.farmName })
        .returning({ id: alarmRuleGroups.id });
      for (const r of [...own, ...common]) {
        const [rule] = await tx
          .insert(alarmRules)
          .values({
            tenantId,
            farmId: t.farmId,
            groupId: group!.id,
            shedType: t.shedType,
            name: r.name,
            kind: r.kind,
            property: r.property ?? (r.kind === 'commandFailed' ? COMMAND_PROPERTY : OFFLINE_PROPERTY),
            operator: r.operator ?? null,
            level: r.level,
            message: r.message,
            durationSec: r.durationSec ?? 0,
            deadband: r.deadband ?? 0,
            noDataMinutes: r.noDataMinutes ?? null,
            rateDirection: r.rate?.direction ?? null,
            rateAmount: r.rate?.amount ?? null,
            windowMinutes: r.rate?.windowMinutes ?? null,
          })
          .returning({ id: alarmRules.id });
        if (r.stages?.length) {
          await tx.insert(alarmRuleStages).values(
            r.stages.map((s) => ({
              tenantId,
              ruleId: rule!.id,
              fromDay: s.fromDay,
              toDay: s.toDay,
              limitKind: s.limitKind ?? 'absolute',
              low: s.low ?? null,
              high: s.high ?? null,
            })),
          );
        }
      }
    }
  });
  return true;
}

/**
 * The demo's alarm history: every stored reading of the demo gateways, oldest first, through the
 * evaluator (one gateway at a time, a day per call), as if the alarms had been live all along.
 * Returns the number of readings evaluated.
 */
export async function seedAlarmHistory(deps: Deps): Promise<number> {
  const { db } = deps.database;
  const list = await db
    .select(gatewayRefColumns)
    .from(gateways)
    .innerJoin(tenants, eq(tenants.id, gateways.tenantId))
    .innerJoin(farms, eq(farms.id, gateways.farmId))
    .where(eq(tenants.name, DEMO_TENANT))
    .orderBy(asc(gateways.id));
  let n = 0;
  for (const gw of list) {
    if (gw.shedId === null) continue;
    let after = new Date(0);
    for (;;) {
      const readings = await storedReadings(db, gw.id, after, null);
      if (readings.length === 0) break;
      await evaluateReadings(deps, gw, readings);
      n += readings.length;
      after = new Date(readings[readings.length - 1]!.ts);
    }
  }
  return n;
}
