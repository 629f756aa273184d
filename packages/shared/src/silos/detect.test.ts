import { describe, expect, it } from 'vitest';
import { detectParams, EMPTY_TRACK, isNewReading, levelOf, stepSilo, weightStateOf, type SiloEvent, type TrackState } from './detect.js';
import { emptyForecast } from './forecast.js';

const MIN = 60_000;
const CAPACITY = 10_000;
const P = detectParams(CAPACITY);

/** A seeded normal noise source (mulberry32 + Box-Muller), so a failure can be replayed. */
function noise(seed: number, sigma: number): () => number {
  let a = seed;
  const uniform = (): number => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return () => sigma * Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform());
}

/** Runs readings (one a minute from t0) through the detector; the events and the last state. */
function run(
  weights: readonly number[],
  state: TrackState = EMPTY_TRACK,
): { events: SiloEvent[]; state: TrackState; last: ReturnType<typeof stepSilo> } {
  const events: SiloEvent[] = [];
  let last = stepSilo(state, 0, weights[0]!, P);
  events.push(...last.events);
  for (let i = 1; i < weights.length; i++) {
    last = stepSilo(last.state, i * MIN, weights[i]!, P);
    events.push(...last.events);
  }
  return { events, state: last.state, last };
}

const sum = (es: SiloEvent[], kind: SiloEvent['kind']): number => es.filter((e) => e.kind === kind).reduce((a, e) => a + e.kg, 0);
const deliveries = (es: SiloEvent[]): SiloEvent[] => es.filter((e) => e.kind === 'delivery');

/** True silo weight minute by minute: `kgPerDay` drawn evenly, plus deliveries `[minute, kg, minutes long]`. */
function silo(minutes: number, startKg: number, kgPerDay: number, drops: [number, number, number][] = []): number[] {
  const out: number[] = [];
  let w = startKg;
  for (let m = 0; m < minutes; m++) {
    for (const [at, kg, len] of drops) if (m >= at && m < at + len) w += kg / len;
    out.push(w);
    w -= kgPerDay / 1440;
  }
  return out;
}

describe('silo delivery and consumption detection', () => {
  it('counts no consumption and no delivery on noise alone', () => {
    const n = noise(1, 15);
    const { events } = run(silo(1440, 6000, 0).map((w) => w + n()));
    expect(deliveries(events)).toEqual([]);
    expect(sum(events, 'consumption')).toBeLessThan(P.noiseKg * 2);
  });

  it('sums noisy consumption over three days to within the noise band', () => {
    const n = noise(2, 15);
    const { events } = run(silo(3 * 1440, 8000, 1200).map((w) => w + n()));
    expect(deliveries(events)).toEqual([]);
    expect(Math.abs(sum(events, 'consumption') - 3600)).toBeLessThan(P.noiseKg * 2);
  });

  it('records a delivery made while the feed line draws, with its kg, and keeps counting consumption', () => {
    const n = noise(3, 15);
    // 6 t over 40 minutes on day 1 at 10:00, 1.44 t a day drawn all along (1 kg a minute).
    const { events } = run(silo(2 * 1440, 3000, 1440, [[600, 6000, 40]]).map((w) => w + n()));
    const d = deliveries(events);
    expect(d).toHaveLength(1);
    expect(Math.abs(d[0]!.kg - 6000)).toBeLessThan(6000 * 0.02);
    // Found where it happened: started within the median's lag of minute 600, peaked after the last drop.
    expect(d[0]!.kind === 'delivery' && Math.abs(d[0]!.startTs - 600 * MIN)).toBeLessThanOrEqual(5 * MIN);
    expect(d[0]!.ts).toBeGreaterThanOrEqual(638 * MIN);
    expect(Math.abs(sum(events, 'consumption') - 2880)).toBeLessThan(2880 * 0.03);
  });

  it('takes a spike, two spikes in a row and a passing load for no delivery', () => {
    const n = noise(4, 15);
    const w = silo(600, 5000, 1200).map((x) => x + n());
    w[100] = w[100]! + 3000;
    w[200] = w[200]! + 2500;
    w[201] = w[201]! - 4000;
    w[300] = w[300]! + 9000;
    w[301] = w[301]! + 9000;
    // Someone's load on the silo for ten minutes, then gone.
    for (let i = 400; i < 410; i++) w[i] = w[i]! + 600;
    const { events } = run(w);
    expect(deliveries(events)).toEqual([]);
    expect(Math.abs(sum(events, 'consumption') - 500)).toBeLessThan(P.noiseKg * 2);
  });

  it('shows loading while the rise goes on and the state of the weight', () => {
    const n = noise(5, 15);
    const w = silo(620, 3000, 0, [[600, 5000, 30]]).map((x) => x + n());
    const { last } = run(w);
    expect(last.action).toBe('loading');
    expect(last.weightState).toBe('dynamic');
    expect(weightStateOf([5000, 5003, 4998], 5000, P)).toBe('stable');
    expect(weightStateOf([11_000, 11_000, 11_000], 11_000, P)).toBe('overload');
    expect(weightStateOf([-200, -200, -200], -200, P)).toBe('underload');
  });

  it('leaves readings at or before the last one to the caller to skip', () => {
    const { state } = run([1000, 1000, 1000]);
    expect(isNewReading(state, 2 * MIN)).toBe(false);
    expect(isNewReading(state, 3 * MIN)).toBe(true);
    expect(isNewReading(EMPTY_TRACK, 0)).toBe(true);
  });

  it('tells the level against the thresholds', () => {
    expect(levelOf(900, CAPACITY, 10, 95)).toBe('empty');
    expect(levelOf(1000, CAPACITY, 10, 95)).toBe('empty');
    expect(levelOf(5000, CAPACITY, 10, 95)).toBe('normal');
    expect(levelOf(9500, CAPACITY, 10, 95)).toBe('full');
  });
});

describe('empty-by forecast', () => {
  it('gives a conservative range of whole days and warns when the soonest is within the lead time', () => {
    const f = emptyForecast(4000, [900, 950, 1000, 1050, 1100], 3);
    expect(f).toEqual({ soonestDays: 3, latestDays: 4, highRateKg: 1100, meanRateKg: 1000, reorder: true });
    expect(emptyForecast(4000, [900, 950, 1000, 1050, 1100], 2)?.reorder).toBe(false);
  });

  it('takes at least the mean plus 10 % when recent days were even', () => {
    const f = emptyForecast(5000, [1000, 1000, 1000], 1);
    expect(f?.highRateKg).toBe(1100);
    expect(f?.soonestDays).toBe(4);
    expect(f?.latestDays).toBe(5);
  });

  it('uses the last seven days, leaves idle days out and needs two days of use', () => {
    expect(emptyForecast(5000, [5000, 5000, 5000, 500, 500, 500, 500, 500, 500, 500], 3)?.meanRateKg).toBe(500);
    expect(emptyForecast(5000, [0, 0, 1000], 3)).toBeNull();
    expect(emptyForecast(5000, [0, 1000, 0, 1000], 3)?.meanRateKg).toBe(1000);
    expect(emptyForecast(-50, [1000, 1000], 3)).toMatchObject({ soonestDays: 0, latestDays: 0, reorder: true });
  });
});
