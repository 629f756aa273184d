/**
 * Enumerations of SPEC §3. Each maps a stored value to an i18n key under `enums.<name>.<value>`,
 * so the label of a value is translated on the web, never sent by the server.
 */
export const POULTRY_SHED_TYPES = [1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008, 1009, 1010, 1011, 2000] as const;
export const PIG_SHED_TYPES = [0, 1, 2, 3, 4, 5, 6, 7] as const;
export const PIG_PEN_FEEDING_TYPES = ['pregnant', 'careful', 'breastfeed', 'wean', 'nonpregnant', 'empty'] as const;
export const FEEDING_TRIGGER_MODES = ['trigger', 'auto'] as const;
export const FLOCK_SEX = [1, 2, 3, 4, 5] as const;
export const FARM_SCALES = [1, 2, 3, 4, 5, 6, 7, 8] as const;
export const FARM_TYPES = [1, 2, 3] as const; // 1 pig, 2 poultry, 3 cattle
export const STANDARD_CURVE_INDICATORS = {
  '01': 'targetTemp',
  '02': 'avgWeigh',
  '03': 'avgWeighAdd',
  '04': 'fcr',
  '05': 'avgFeed',
  '06': 'avgWater',
  '07': 'wmr',
  '08': 'mortality',
  '09': 'eggProduceAvg',
  '10': 'elr',
  '11': 'avgEggWeight',
  '12': 'efr',
} as const;
export const DEVICE_CATEGORIES = [200, 201, 202, 203] as const;
export const CLIMATE_SUB_DEVICES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17] as const;
/**
 * Extended gateway type codes 1000-1024 (SPEC §3: "also include DTU, alarm, concentrator and
 * collector gateways"). The spec names only those four; the rest of the range is given to the
 * other gateway-class devices SPEC §1 brings to the platform (meters, weather station, silo,
 * manure, odour, wash, video, robots, water lines), so every code has a meaning and a label
 * (`enums.gatewayType.<code>`). 1000 (DTU) is the one a sub-device may name as its parent.
 */
export const EXTENDED_GATEWAY_TYPES = {
  1000: 'dtu',
  1001: 'alarmHost',
  1002: 'concentrator',
  1003: 'collector',
  1004: 'waterMeterHub',
  1005: 'elecMeterHub',
  1006: 'weatherStation',
  1007: 'siloWeighing',
  1008: 'manureCleaner',
  1009: 'odourCabinet',
  1010: 'odourGenerator',
  1011: 'washDisinfect',
  1012: 'videoRecorder',
  1013: 'aiVisionBox',
  1014: 'patrolRobot',
  1015: 'disinfectRobot',
  1016: 'gasRobot',
  1017: 'eggCounter',
  1018: 'waterLineHub',
  1019: 'lightController',
  1020: 'heatingController',
  1021: 'pumpStation',
  1022: 'feedLineController',
  1023: 'ventExtension',
  1024: 'otherGateway',
} as const satisfies Record<number, string>;
export const BASE_GATEWAY_TYPES = [100, 101, 102, 103] as const;
export const GATEWAY_TYPES: readonly number[] = Object.freeze([...BASE_GATEWAY_TYPES, ...Object.keys(EXTENDED_GATEWAY_TYPES).map(Number)]);
/** The gateway type a sub-device names as its parent (`parentId`). */
export const DTU_GATEWAY_TYPE = 1000;
export const VIDEO_ACCESS_MODES = [1, 2, 3, 4, 5] as const;
export const FAN_TYPES = [1, 2, 3] as const;
export const CURTAIN_TYPES = [1, 2] as const;
export const HEAT_COOL_TYPES = [1, 2] as const;
export const PIG_PRODUCTION_STATES = ['empty', 'returnHeat', 'abortion', 'pregnancy', 'lactation', 'weaning', 'reserve'] as const;
export const PIG_BEHAVIOURS = ['eating', 'sleeping', 'fighting', 'excretion', 'selfRegulation', 'abnormal'] as const;
export const FLOCK_TYPES = ['breeding', 'feeding', 'cock', 'hen', 'mixed'] as const;
export const CONTROLLER_CLASSES = ['ENV_CONTROLLER', 'WEIGH_CONTROLLER', 'CLEAR_SHIT_CONTROLLER', 'AUTO_FEEDER'] as const;

/**
 * Account types. SPEC §6 names tenant manager, tenant ordinary, farm super-administrator, platform
 * back office, and type 100 (lands on the pig-farm data screen).
 */
export const AccountType = {
  PLATFORM: 0,
  TENANT_ADMIN: 1,
  TENANT_ORDINARY: 2,
  FARM_SUPER_ADMIN: 3,
  PIG_DATA_SCREEN: 100,
} as const;
export type AccountTypeValue = (typeof AccountType)[keyof typeof AccountType];

/** Account status: enabled or disabled (banned). */
export const AccountStatus = { ENABLED: 1, DISABLED: 0 } as const;
