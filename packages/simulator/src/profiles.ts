import {
  BROILER_TARGET,
  FARROWING_TARGET,
  FATTENING_TARGET,
  FATTENING_WEIGHT,
  LAYER_TARGET,
  LAYER_WEIGHT,
  NURSERY_TARGET,
  NURSERY_WEIGHT,
  ROSS_WEIGHT,
  SOW_WEIGHT,
  type Curve,
} from './curves.js';

/**
 * Barn types the simulator knows, with the physical figures of a typical house of that type. The
 * figures are round numbers from common practice (tunnel fans of ~13 m³/s, 60 kW direct-fired
 * heaters, ~10 W/kg^0.75 total heat of a bird, ~8 W/kg^0.75 of a pig); they give readings in the
 * ranges a farm manager expects, not a thermal engineering study.
 */
export type ShedKind = 'broiler' | 'layer' | 'farrowing' | 'nursery' | 'fattening';
export const SHED_KINDS: readonly ShedKind[] = ['broiler', 'layer', 'farrowing', 'nursery', 'fattening'];

export interface SensorCounts {
  temp: number;
  rh: number;
  co2: number;
  nh3: number;
  h2s: number;
  pa: number;
  light: number;
  wind: number;
}

export interface ShedProfile {
  kind: ShedKind;
  species: 'poultry' | 'pig';
  headCount: number;
  /** Set-point and live weight (kg) by day age in the house. */
  target: Curve;
  weight: Curve;
  /** Production cycle: days with animals, then days empty (cleaning); Infinity for a laying flock. */
  growDays: number;
  emptyDays: number;
  /** Total and sensible heat per animal, W per kg^0.75. */
  totalHeat: number;
  sensibleHeat: number;
  /** Minimum ventilation for air quality, m³/h per kg live weight. */
  minVent: number;
  sensors: SensorCounts;
  fans: { count: number; m3s: number; kw: number };
  heaters: { count: number; kw: number; elecKw: number; directFired: boolean };
  windows: number;
  curtains: number;
  /** Evaporative cooling pads (pump.n). */
  pumps: number;
  /** Envelope conductance kW/K, effective heat capacity kJ/K, air volume m³, cross-section m². */
  ua: number;
  capacity: number;
  volume: number;
  crossSection: number;
  /** NH3 and H2S release, mg/s per kg live weight at full litter or slurry load. */
  nh3Rate: number;
  h2sRate: number;
  /** Base electrical load (feeding, lights, controllers), kW. */
  baseKw: number;
  /** Drinking water per animal per day, L, from its weight and day age. */
  waterPerHead: (weightKg: number, dayAge: number) => number;
  /** Light level, lux, by local hour and day age. */
  lux: (hour: number, dayAge: number) => number;
}

const poultrySensors: SensorCounts = { temp: 4, rh: 2, co2: 1, nh3: 1, h2s: 1, pa: 1, light: 1, wind: 1 };
const pigSensors: SensorCounts = { temp: 3, rh: 1, co2: 1, nh3: 1, h2s: 1, pa: 1, light: 1, wind: 0 };

/** Broiler lighting: 23 h in the first week, then 18 h (lights off 22:00-04:00), dimming with age. */
function broilerLux(hour: number, dayAge: number): number {
  const dark = dayAge <= 7 ? hour >= 23 : hour >= 22 || hour < 4;
  if (dark) return 0;
  return dayAge <= 7 ? 30 : dayAge <= 21 ? 20 : 10;
}

/** Layers in lay: 16 h of light (05:00-21:00) at 15 lux. */
function layerLux(hour: number): number {
  return hour >= 5 && hour < 21 ? 15 : 0;
}

/** Pig barns: daylight through windows plus lamps 07:00-19:00, a night light otherwise. */
function pigLux(hour: number): number {
  return hour >= 7 && hour < 19 ? 180 : 5;
}

/** What the two poultry houses (broiler, layer) share: the same tunnel-ventilated building and bird physiology. */
const POULTRY_HOUSE = {
  species: 'poultry',
  totalHeat: 10,
  sensibleHeat: 6,
  sensors: poultrySensors,
  fans: { count: 6, m3s: 13, kw: 1.1 },
  windows: 1,
  curtains: 1,
  pumps: 1,
  crossSection: 30,
  h2sRate: 0.00004,
} as const satisfies Partial<ShedProfile>;

/** What the two pig rooms (farrowing, nursery) share: the same small mechanically ventilated room. */
const PIG_ROOM = {
  species: 'pig',
  sensors: pigSensors,
  fans: { count: 3, m3s: 3, kw: 0.55 },
  windows: 1,
  curtains: 0,
  pumps: 0,
  capacity: 4000,
  crossSection: 12,
  h2sRate: 0.00012,
} as const satisfies Partial<ShedProfile>;

export const PROFILES: Record<ShedKind, ShedProfile> = {
  broiler: {
    ...POULTRY_HOUSE,
    kind: 'broiler',
    headCount: 20000,
    target: BROILER_TARGET,
    weight: ROSS_WEIGHT,
    growDays: 42,
    emptyDays: 10,
    minVent: 1.0,
    heaters: { count: 2, kw: 60, elecKw: 0.3, directFired: true },
    ua: 2.0,
    capacity: 15000,
    volume: 4500,
    nh3Rate: 0.0028,
    baseKw: 2.5,
    waterPerHead: (_w, age) => Math.min(0.36, 0.012 + 0.0095 * age),
    lux: broilerLux,
  },
  layer: {
    ...POULTRY_HOUSE,
    kind: 'layer',
    headCount: 30000,
    target: LAYER_TARGET,
    weight: LAYER_WEIGHT,
    growDays: Number.POSITIVE_INFINITY,
    emptyDays: 0,
    minVent: 0.9,
    heaters: { count: 1, kw: 60, elecKw: 0.3, directFired: true },
    ua: 2.2,
    capacity: 16000,
    volume: 5000,
    nh3Rate: 0.0022,
    baseKw: 3.5,
    waterPerHead: () => 0.25,
    lux: (h) => layerLux(h),
  },
  farrowing: {
    ...PIG_ROOM,
    kind: 'farrowing',
    headCount: 24,
    target: FARROWING_TARGET,
    weight: SOW_WEIGHT,
    growDays: 28,
    emptyDays: 7,
    totalHeat: 7,
    sensibleHeat: 4.5,
    minVent: 0.3,
    heaters: { count: 1, kw: 15, elecKw: 15, directFired: false },
    ua: 0.6,
    volume: 900,
    nh3Rate: 0.0012,
    baseKw: 3.2, // piglet heat mats and lamps run all the time
    waterPerHead: () => 28,
    lux: (h) => pigLux(h),
  },
  nursery: {
    ...PIG_ROOM,
    kind: 'nursery',
    headCount: 300,
    target: NURSERY_TARGET,
    weight: NURSERY_WEIGHT,
    growDays: 42,
    emptyDays: 7,
    totalHeat: 8,
    sensibleHeat: 5,
    minVent: 0.4,
    heaters: { count: 2, kw: 12, elecKw: 0.2, directFired: false },
    ua: 0.7,
    volume: 1000,
    nh3Rate: 0.0015,
    baseKw: 1.2,
    waterPerHead: (w) => 0.12 * w,
    lux: (h) => pigLux(h),
  },
  fattening: {
    kind: 'fattening',
    species: 'pig',
    headCount: 400,
    target: FATTENING_TARGET,
    weight: FATTENING_WEIGHT,
    growDays: 110,
    emptyDays: 10,
    totalHeat: 8,
    sensibleHeat: 5,
    minVent: 0.35,
    sensors: { ...pigSensors, wind: 1 },
    fans: { count: 4, m3s: 6, kw: 0.75 },
    heaters: { count: 0, kw: 0, elecKw: 0, directFired: false },
    windows: 1,
    curtains: 1,
    pumps: 1,
    ua: 1.2,
    capacity: 9000,
    volume: 2400,
    crossSection: 20,
    nh3Rate: 0.0009,
    h2sRate: 0.0001,
    baseKw: 1.5,
    waterPerHead: (w) => 0.07 * w + 1,
    lux: (h) => pigLux(h),
  },
};

/** The value keys a shed of this profile publishes (CONTRACT §4), in a stable order. */
export function profileKeys(p: ShedProfile): string[] {
  const keys: string[] = [];
  const add = (kind: string, n: number): void => {
    for (let i = 1; i <= n; i++) keys.push(`${kind}.${i}`);
  };
  for (const k of ['temp', 'rh', 'co2', 'nh3', 'h2s', 'pa', 'light', 'wind'] as const) add(k, p.sensors[k]);
  keys.push('outTemp.1', 'dayAge.1', 'targetTemp.1');
  add('fan', p.fans.count);
  add('heater', p.heaters.count);
  add('window', p.windows);
  add('curtain', p.curtains);
  add('pump', p.pumps);
  keys.push('water.1', 'elec.1');
  return keys;
}
