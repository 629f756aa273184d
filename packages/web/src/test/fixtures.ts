import type { FlockRow, OperationLogRow } from '@farmsense/shared';
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
