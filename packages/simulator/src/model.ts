import { ACTUATOR_KINDS, control, emptyActuators, fanFraction, type ActuatorKind, type Actuators } from './controller.js';
import { interpolate, type Curve } from './curves.js';
import { defaultSettings } from './defaults.js';
import { pumpEffects, type ClimateSettings } from './settings.js';
import { DEFAULT_FAULTS, Faults, type FaultOptions } from './faults.js';
import {
  AIR_KG_PER_M3,
  AIR_KW_PER_M3S_K,
  CO2_M3_PER_KWH_GAS,
  CO2_M3H_PER_KW_ANIMAL,
  H2S_MG_PER_PPM,
  LATENT_KJ_PER_KG,
  NH3_MG_PER_PPM,
  OUTDOOR_CO2_PPM,
  clamp,
  humidityRatio,
  lag,
  relativeHumidity,
  wetBulb,
} from './physics.js';
import { cycleOccupancy, followedOccupancy, type EmptyHouse, type Follow, type FollowedFlock, type Occupancy } from './occupancy.js';
import { PROFILES, profileKeys, type ShedKind, type ShedProfile } from './profiles.js';
import { hashSeed, Rng } from './random.js';
import { snapshot } from './readings.js';
import { Weather } from './weather.js';
import { DrinkingPattern, electricLoad, waterRate } from './consumption.js';
import { LIGHT, lightLevels } from './lights.js';

/**
 * One shed and its climate controller: a lumped heat and moisture balance of the room air
 * (animals, heaters, lights and sun in; ventilation and walls out), gas levels from production
 * over ventilation, meters integrating water and power, and the controller acting on all of it.
 * `step(dt, now)` advances the state by dt seconds ending at `now` and returns what the gateway
 * would publish at `now`. The same model feeds the live MQTT runner and the demo history.
 * Occupancy follows the model's own batch cycle, or the farm's flock register once `followFlock`
 * was called (the live demo keeps its poultry houses in step with the flocks entered).
 */
export interface ShedConfig {
  code: string;
  kind: ShedKind;
  seed: number;
  /** Start of a production batch (local midnight of placement day); day age 0 is that day (shared age.ts). */
  placedAt: number;
  /** The farm's outside air; sheds of one farm share it. Default: weather seeded from `seed`. */
  weather?: Weather;
  /** Fault processes; `false` for none (load tests, most unit tests). */
  faults?: FaultOptions | false;
  headCount?: number;
  /** Meter readings to start from (L, kWh). */
  meters?: { water: number; elec: number };
}

export type { EmptyHouse, FollowedFlock, Occupancy } from './occupancy.js';

export interface StatusEvent {
  ts: number;
  status: 'online' | 'offline';
}

export interface StepResult {
  ts: number;
  online: boolean;
  /** Link changes during this step, in time order, at the moment they happened. */
  events: StatusEvent[];
  /** Readings published at `ts` (empty while offline). */
  values: Record<string, number>;
}

/** Internal state, for tests and for the hkqDetail-style views of the demo. */
export interface ShedState {
  temp: number;
  rh: number;
  co2: number;
  nh3: number;
  h2s: number;
  target: number | null;
  outTemp: number;
  outRh: number;
  airflow: number;
  actuators: Actuators;
  water: number;
  elec: number;
  occupancy: Occupancy;
  /** Animals in the house (0 while empty). */
  head: number;
}

const DAY = 86_400_000;
// A controller cycle of a minute; the room equations are integrated exactly within it.
const MAX_SUBSTEP_S = 60;
const ENV_SENSOR_KINDS = ['temp', 'rh', 'co2', 'nh3', 'h2s', 'pa', 'light', 'wind', 'outTemp'];

export class ShedModel {
  readonly code: string;
  readonly profile: ShedProfile;
  readonly keys: readonly string[];
  readonly weather: Weather;
  readonly faults: Faults;
  /** Per temperature and RH sensor: a fixed calibration error. */
  readonly calibration: { temp: number[]; rh: number[] };
  private readonly noise: Rng;
  private readonly head: number;
  private placedAt: number;
  /** The flock register's word on the house while set; null = the model's own batch cycle. */
  private follow: Follow | null = null;
  private temp = Number.NaN;
  private x = 0;
  private co2 = OUTDOOR_CO2_PPM;
  private nh3 = 0;
  private h2s = 0;
  private airflow = 0;
  private act: Actuators;
  private readonly manual = new Map<string, number>();
  private targetOverride: number | null = null;
  /** The day-age curve the platform set (remote control); null = the profile's own. */
  private curve: Curve | null = null;
  /** The settings it runs (settings.ts): the controller's own (defaults.ts) until the platform sets a group. */
  settings: ClimateSettings;
  private water: number;
  private elec: number;
  private last: number | null = null;
  /** The link state the last step reported, so forced faults show up as events too. */
  private reportedOnline = true;
  private readonly drinking: DrinkingPattern;

  constructor(cfg: ShedConfig) {
    this.code = cfg.code;
    this.profile = PROFILES[cfg.kind];
    this.settings = defaultSettings(this.profile);
    this.drinking = new DrinkingPattern(this.profile);
    this.keys = profileKeys(this.profile);
    this.head = cfg.headCount ?? this.profile.headCount;
    this.placedAt = cfg.placedAt;
    const setup = new Rng(hashSeed(`${cfg.code}:setup`, cfg.seed));
    this.noise = new Rng(hashSeed(`${cfg.code}:noise`, cfg.seed));
    this.weather = cfg.weather ?? new Weather({ seed: cfg.seed });
    const sensorKeys = this.keys.filter((k) => ENV_SENSOR_KINDS.includes(k.split('.')[0]!));
    this.faults = new Faults(
      new Rng(hashSeed(`${cfg.code}:faults`, cfg.seed)),
      sensorKeys,
      cfg.faults === false ? null : (cfg.faults ?? DEFAULT_FAULTS),
    );
    this.calibration = {
      temp: Array.from({ length: this.profile.sensors.temp }, () => 0.15 * setup.normal()),
      rh: Array.from({ length: this.profile.sensors.rh }, () => 1.5 * setup.normal()),
    };
    this.act = emptyActuators(this.profile);
    this.water = cfg.meters?.water ?? Math.round(setup.range(20_000, 900_000));
    this.elec = cfg.meters?.elec ?? Math.round(setup.range(5_000, 90_000));
  }

  occupancy(now: number): Occupancy {
    return this.follow ? followedOccupancy(this.follow, now) : cycleOccupancy(this.profile, this.placedAt, now);
  }

  targetAt(now: number): number | null {
    if (this.targetOverride !== null) return this.targetOverride;
    const occ = this.occupancy(now);
    // The set-point curve is read at the day age the controller shows (placement day = day 0).
    const curve = this.curve ?? this.profile.target;
    if (occ.occupied) return interpolate(curve, occ.age);
    return occ.preheat ? interpolate(curve, 0) : null;
  }

  step(dt: number, now: number): StepResult {
    const events: StatusEvent[] = [];
    const start = now - dt * 1000;
    if (Number.isNaN(this.temp)) this.init(start);
    const n = Math.max(1, Math.ceil(dt / MAX_SUBSTEP_S));
    const h = dt / n;
    for (let i = 1; i <= n; i++) {
      const t = start + i * h * 1000;
      this.faults.advance(t);
      if (this.faults.online !== this.reportedOnline) {
        this.reportedOnline = this.faults.online;
        events.push({ ts: Math.round(t), status: this.reportedOnline ? 'online' : 'offline' });
      }
      if (h > 0) this.integrate(h, t);
    }
    this.last = now;
    const online = this.faults.online;
    return { ts: now, online, events, values: online ? this.readings(now) : {} };
  }

  /** Settles the room from a cold start: runs the controller for `hours` before `now`. */
  warmUp(now: number, hours = 6, stepS = 60): void {
    const from = now - hours * 3_600_000;
    if (Number.isNaN(this.temp)) this.init(from);
    for (let t = from + stepS * 1000; t <= now; t += stepS * 1000) this.step(stepS, t);
  }

  inspect(now = this.last ?? Date.now()): ShedState {
    const air = this.weather.at(now);
    const occupancy = this.occupancy(now);
    return {
      temp: this.temp,
      rh: relativeHumidity(this.temp, this.x),
      co2: this.co2,
      nh3: this.nh3,
      h2s: this.h2s,
      target: this.targetAt(now),
      outTemp: air.temp,
      outRh: air.rh,
      airflow: this.airflow,
      actuators: structuredClone(this.act),
      water: this.water,
      elec: this.elec,
      occupancy,
      head: occupancy.occupied ? this.headNow() : 0,
    };
  }

  /** Hand control of one actuator (`fan.2`) or lighting zone (`light.1`, lights.ts), or back to automatic with `null`. */
  setManual(key: string, value: number | null): boolean {
    const [kind, n] = key.split('.') as [ActuatorKind | typeof LIGHT, string];
    const i = Number(n) - 1;
    const actuator = kind !== LIGHT && ACTUATOR_KINDS.includes(kind) ? this.act[kind] : null;
    const count = kind === LIGHT ? this.profile.sensors.light : (actuator?.length ?? 0);
    if (!Number.isInteger(i) || i < 0 || i >= count) return false;
    if (value === null) this.manual.delete(key);
    else {
      const v = kind === 'heater' || kind === 'pump' ? (value > 0 ? 1 : 0) : Math.round(clamp(value, 0, 100));
      this.manual.set(key, v);
      if (actuator) actuator[i] = v;
    }
    return true;
  }

  releaseAll(): void {
    this.manual.clear();
    this.targetOverride = null;
  }

  manualKeys(): string[] {
    return [...this.manual.keys()];
  }

  setTarget(value: number | null): void {
    this.targetOverride = value;
  }

  /** A day-age set-point curve (remote control `setTempCurve`); it also ends a fixed target. */
  setCurve(curve: Curve | null): void {
    this.curve = curve;
    this.targetOverride = null;
  }

  /**
   * Moves the batch so that today is day `dayAge` (a new flock placed, or a corrected count).
   * While the model follows a flock register, the followed flock moves too (a flock with the
   * profile's head count when the house was empty); the next sync puts the register's word back.
   */
  setDayAge(dayAge: number, now: number): void {
    this.placedAt = this.dayZeroMidnight(dayAge, now);
    if (this.follow) this.followFlock({ dayAge, head: this.follow.occupied ? this.follow.head : this.head }, now);
  }

  /**
   * Follow the flock register instead of the built-in cycle: occupied by `f` (its day age as of
   * `now`, advancing at local midnight; its head count), or empty with `null`. Calling it again
   * with the same register state changes nothing, so it can be repeated every few minutes.
   */
  followFlock(f: FollowedFlock | null, now: number, empty: EmptyHouse = {}): void {
    if (f) {
      this.follow = { occupied: true, placedAt: this.dayZeroMidnight(f.dayAge, now), head: Math.max(0, f.head) };
      return;
    }
    // Without a known departure the house is empty since the model last had birds in it.
    const emptyFor = this.follow
      ? this.follow.occupied
        ? 0
        : (now - this.follow.since) / DAY
      : (cycleOccupancy(this.profile, this.placedAt, now).emptyFor ?? 0);
    const since = now - emptyFor * DAY;
    this.follow = { occupied: false, since: empty.since ?? since, next: empty.next ?? null };
  }

  /** Back to the built-in batch cycle. */
  releaseFlock(): void {
    this.follow = null;
  }

  /** Whether the flock register drives occupancy (followFlock) rather than the built-in cycle. */
  get following(): boolean {
    return this.follow !== null;
  }

  setMeters(m: { water?: number; elec?: number }): void {
    if (m.water !== undefined && m.water > this.water) this.water = m.water;
    if (m.elec !== undefined && m.elec > this.elec) this.elec = m.elec;
  }

  /** Local midnight of placement day (day age 0), when today (at `now`) is day `dayAge`. */
  private dayZeroMidnight(dayAge: number, now: number): number {
    const midnight = this.weather.localDay(now) * DAY - this.weather.utcOffsetMs;
    return midnight - dayAge * DAY;
  }

  private init(now: number): void {
    const air = this.weather.at(now);
    const target = this.targetAt(now);
    this.temp = target ?? air.temp + 2;
    this.x = humidityRatio(this.temp, 60);
    this.co2 = OUTDOOR_CO2_PPM + 400;
  }

  private integrate(h: number, t: number): void {
    const p = this.profile;
    const occ = this.occupancy(t);
    const air = this.weather.at(t);
    const hour = this.weather.localHour(t);
    const weight = occ.occupied ? interpolate(p.weight, occ.age) : 0;
    const head = this.headNow();
    const biomass = head * weight;
    // Animals are more active (and warmer) with the lights on.
    const activity = lightLevels(p, this.manual, hour, occ, this.settings.lighting).some((lux) => lux > 0) ? 1.05 : 0.9;
    const metabolic = occ.occupied ? (head * weight ** 0.75 * activity) / 1000 : 0;
    const qTotal = metabolic * p.totalHeat;
    const qSens = metabolic * p.sensibleHeat;
    const target = this.targetAt(t);
    const cap = p.fans.count * p.fans.m3s;
    const rh = relativeHumidity(this.temp, this.x);
    const room = { rh, co2: this.co2, dayAge: occ.dayAge, clock: t / 1000 };
    const input = { temp: this.temp, target, outTemp: air.temp, minVent: (biomass * p.minVent) / 3600 / cap, dt: h, ...room };
    this.act = control(p, this.act, input, this.manual, this.settings);

    const curtainOpen = p.curtains > 0 ? this.act.curtain.reduce((s, v) => s + v, 0) / (100 * p.curtains) : 0;
    this.airflow = fanFraction(this.act) * cap + curtainOpen * 0.1 * cap + 0.02 * cap;
    const { padsOn, mistKgS } = pumpEffects(this.act.pump, this.settings, cap, rh);
    const xOut = humidityRatio(air.temp, air.rh);
    const tIn = padsOn ? air.temp - 0.75 * (air.temp - wetBulb(air.temp, air.rh)) : air.temp;
    const xIn = xOut + ((air.temp - tIn) * 1.005) / LATENT_KJ_PER_KG;
    const qHeat = this.act.heater.reduce((s, v) => s + v, 0) * p.heaters.kw;
    const sun = hour > 6 && hour < 18 ? Math.sin((Math.PI * (hour - 6)) / 12) : 0;
    const qSolar = p.ua * 5 * sun;
    const qElec = 0.8 * (occ.occupied ? p.baseKw : 0.3);

    // Room air: exact first-order step, stable for any step length.
    const g = AIR_KW_PER_M3S_K * this.airflow;
    const tEq = (qSens - mistKgS * LATENT_KJ_PER_KG + qHeat + qSolar + qElec + g * tIn + p.ua * air.temp) / (g + p.ua);
    this.temp = lag(this.temp, tEq, h, p.capacity / (g + p.ua));

    const tauAir = p.volume / this.airflow;
    // Latent heat of the animals plus evaporation from litter, slurry and drinkers (+25 %).
    const moisture = ((qTotal - qSens) * 1.25) / LATENT_KJ_PER_KG;
    const xEq = xIn + (moisture + mistKgS) / (AIR_KG_PER_M3 * this.airflow);
    this.x = Math.min(lag(this.x, xEq, h, tauAir), humidityRatio(this.temp, 99));
    const co2Prod = (CO2_M3H_PER_KW_ANIMAL * qTotal) / 3600 + (p.heaters.directFired ? (CO2_M3_PER_KWH_GAS * qHeat) / 3600 : 0);
    this.co2 = lag(this.co2, OUTDOOR_CO2_PPM + (co2Prod / this.airflow) * 1e6, h, tauAir);
    const litter = p.species === 'poultry' ? 0.3 + 0.7 * Math.min(1, occ.age / 35) : 1;
    this.nh3 = lag(this.nh3, (biomass * p.nh3Rate * litter) / this.airflow / NH3_MG_PER_PPM, h, tauAir);
    this.h2s = lag(this.h2s, (biomass * p.h2sRate) / this.airflow / H2S_MG_PER_PPM, h, tauAir);

    this.water += h * this.waterRate(occ, weight, hour, (padsOn ? AIR_KG_PER_M3 * this.airflow * (xIn - xOut) : 0) + mistKgS);
    this.elec += (h / 3600) * this.power(occ.occupied);
  }

  /** Litres per second now (drinking, pads, washing): consumption.ts. */
  private waterRate(occ: Occupancy, weight: number, hour: number, padKgS: number): number {
    return waterRate(this.drinking, { occ, head: this.headNow(), weight, hour, padKgS });
  }

  private headNow(): number {
    return this.follow?.occupied ? this.follow.head : this.head;
  }

  private power(occupied: boolean): number {
    return electricLoad(this.profile, this.act, occupied);
  }

  private readings(now: number): Record<string, number> {
    const air = this.weather.at(now);
    const occ = this.occupancy(now);
    const target = this.targetAt(now);
    const lux = lightLevels(this.profile, this.manual, this.weather.localHour(now), occ, this.settings.lighting);
    const values = snapshot({
      profile: this.profile,
      noise: this.noise,
      calibration: this.calibration,
      temp: this.temp,
      rh: relativeHumidity(this.temp, this.x),
      co2: this.co2,
      nh3: this.nh3,
      h2s: this.h2s,
      lux,
      outTemp: air.temp,
      dayAge: occ.dayAge,
      target,
      act: this.act,
      water: this.water,
      elec: this.elec,
    });
    for (const key of Object.keys(values)) if (this.faults.isDropped(key)) delete values[key];
    return values;
  }
}
