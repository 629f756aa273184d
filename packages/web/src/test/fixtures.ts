import type { AlarmRuleRow, FlockRow, OperationLogRow, ShedMonitor } from '@farmsense/shared';
import type { ShedOverviewRow } from '../app/api/types';

/** The climate controller bound to the demo broiler house. */
export const CLIMATE_GATEWAY: ShedOverviewRow['gateways'][number] = {
  code: 'fs-demo04',
  name: 'Climate 4',
  gatewayType: 101,
  deviceCategory: 200,
  model: 'FS-ENV-8',
};

/** A broiler house of the demo poultry farm (four pens, no gateway unless given). */
export function shedRow(over: Partial<ShedOverviewRow> = {}): ShedOverviewRow {
  return {
    tid: 1,
    shedName: 'Broiler House 1',
    shedType: 1001,
    areaNum: 1,
    buildingNum: 1,
    shedNum: 1,
    farmId: 2,
    farmName: 'Demo Poultry Farm',
    penCount: 4,
    gateways: [],
    ...over,
  };
}

/**
 * The live snapshot of that house as shed 4 (the environment overview's card), its climate
 * controller online and last heard at `at`; no values and no running actuator unless given.
 */
export function shedMonitor(at: number, over: Partial<ShedMonitor> = {}): ShedMonitor {
  return {
    shedId: 4,
    shedName: 'Broiler House 1',
    shedType: 1001,
    areaNum: 1,
    buildingNum: 1,
    shedNum: 1,
    gateways: [{ code: CLIMATE_GATEWAY.code, name: CLIMATE_GATEWAY.name, online: true, lastSeenAt: at }],
    online: true,
    lastTs: at,
    kinds: {},
    dayAge: 30,
    targetTemp: 22.2,
    activeActuators: [],
    actuators: [],
    meters: [],
    ...over,
  };
}

/**
 * Rule 11 of rule group 1 (Fattening, farm 1): too hot above 32 °C to day 20, then 3 °C over the
 * set point, held 5 minutes.
 */
export function alarmRuleRow(over: Partial<AlarmRuleRow> = {}): AlarmRuleRow {
  return {
    id: 11,
    groupId: 1,
    groupName: 'Fattening',
    farmId: 1,
    shedType: 1,
    name: 'Too hot',
    kind: 'threshold',
    property: 'temp',
    operator: 'gt',
    level: 1,
    message: 'Check the fans',
    enabled: true,
    durationSec: 300,
    deadband: 0.5,
    noDataMinutes: null,
    direction: null,
    rateAmount: null,
    windowMinutes: null,
    stages: [
      { fromDay: 0, toDay: 20, limitKind: 'absolute', low: null, high: 32 },
      { fromDay: 21, toDay: 9999, limitKind: 'relative', low: null, high: 3 },
    ],
    updatedAt: 0,
    ...over,
  };
}

/** A current broiler flock of 12,000 hens placed in House 1 of the demo poultry farm (farm 3). */
export function flockRow(over: Partial<FlockRow> = {}): FlockRow {
  return {
    id: 41,
    farmId: 3,
    farmName: 'Demo Poultry Farm',
    shedId: 7,
    shedName: 'House 1',
    groupNo: 'G41',
    flockType: 2,
    sex: 3,
    breed: 'Ross 308',
    birthDate: '2026-10-01',
    layingDate: null,
    startDate: '2026-10-02',
    endDate: null,
    stopDate: null,
    origin: null,
    maleCount: 0,
    femaleCount: 12000,
    maleAvgWeight: null,
    femaleAvgWeight: 42,
    deviceId: null,
    deviceCode: null,
    status: 1,
    remark: null,
    dayAge: 51,
    present: 11850,
    presentMale: 0,
    ...over,
  };
}

/** A demo admin's successful operation: the edit of a shed (PUT shed/update), without its detail. */
export function oplogRow(over: Partial<OperationLogRow> = {}): OperationLogRow {
  return {
    id: 1,
    at: '2026-03-01T08:00:00.000Z',
    tenantId: 1,
    accountId: 11,
    accountCode: 'demo',
    accountName: 'Demo Admin',
    ip: '10.0.0.5',
    method: 'PUT',
    action: '/api/breedpigbuilding/shed/update',
    module: 'housemanagement',
    outcome: 'ok',
    code: 1,
    detail: null,
    ...over,
  };
}
