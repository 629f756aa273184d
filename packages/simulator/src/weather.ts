import { hashSeed, Rng } from './random.js';

/**
 * Outside weather as a pure function of time: season + day/night cycle + smooth random wander
 * (value noise on seeded knots at three time scales: a few days, half a day, two hours). Being a
 * function of time rather than a stateful walk, every shed of a farm sees the same outside air,
 * and history generated at start-up joins the live feed without a seam.
 */
export interface WeatherOptions {
  seed: number;
  /** Local time offset from UTC, minutes (the farm's time zone). */
  utcOffsetMinutes?: number;
  /** Annual mean and half-range of the daily mean temperature, °C. */
  annualMean?: number;
  annualAmplitude?: number;
  /** Half of the typical day/night swing, °C. */
  diurnalAmplitude?: number;
  /** Tests: a constant outside temperature (and RH) instead of weather. */
  fixed?: { temp: number; rh: number };
}

export interface OutsideAir {
  temp: number;
  rh: number;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const OCTAVES = [
  { period: 3 * DAY, amp: 3.5 },
  { period: 12 * HOUR, amp: 1.2 },
  { period: 2 * HOUR, amp: 0.3 },
] as const;

function knot(seed: number, octave: number, k: number): number {
  return new Rng(hashSeed(`${octave}:${k}`, seed)).normal();
}

/** The four knots around the current sample of one octave, reused while t stays in the segment. */
interface Segment {
  k: number;
  p: [number, number, number, number];
}

/** Cubic (Catmull-Rom) interpolation between seeded knots: smooth, continuous in value and slope. */
function valueNoise(seed: number, octave: number, t: number, period: number, cache: Segment[]): number {
  const x = t / period;
  const k = Math.floor(x);
  const f = x - k;
  let seg = cache[octave];
  if (!seg || seg.k !== k) {
    seg = { k, p: [knot(seed, octave, k - 1), knot(seed, octave, k), knot(seed, octave, k + 1), knot(seed, octave, k + 2)] };
    cache[octave] = seg;
  }
  const [p0, p1, p2, p3] = seg.p;
  return 0.5 * (2 * p1 + (-p0 + p2) * f + (2 * p0 - 5 * p1 + 4 * p2 - p3) * f * f + (-p0 + 3 * p1 - 3 * p2 + p3) * f * f * f);
}

export class Weather {
  private readonly o: Required<Omit<WeatherOptions, 'fixed'>> & Pick<WeatherOptions, 'fixed'>;
  private readonly segments: Segment[] = [];

  constructor(opts: WeatherOptions) {
    this.o = {
      utcOffsetMinutes: 480,
      annualMean: 16,
      annualAmplitude: 11,
      diurnalAmplitude: 4,
      ...opts,
    };
  }

  get utcOffsetMs(): number {
    return this.o.utcOffsetMinutes * 60_000;
  }

  /** Hours since local midnight, 0-24. */
  localHour(now: number): number {
    const local = now + this.o.utcOffsetMinutes * 60_000;
    return (((local % DAY) + DAY) % DAY) / HOUR;
  }

  /** Local calendar day number (days since the epoch in local time). */
  localDay(now: number): number {
    return Math.floor((now + this.o.utcOffsetMinutes * 60_000) / DAY);
  }

  /** Day/night shape, -1 at 05:00 to +1 at 14:00 (warm afternoon, cold dawn), smooth. */
  diurnal(now: number): number {
    const h = this.localHour(now);
    // Rise over 9 hours, fall over 15: a skewed cosine.
    if (h >= 5 && h < 14) return -Math.cos((Math.PI * (h - 5)) / 9);
    const since = h >= 14 ? h - 14 : h + 10;
    return Math.cos((Math.PI * since) / 15);
  }

  at(now: number): OutsideAir {
    if (this.o.fixed) return { ...this.o.fixed };
    const dayOfYear = (((now / DAY) % 365.25) + 365.25) % 365.25;
    // Warmest around 25 July (day 206) in the northern hemisphere.
    const season = this.o.annualMean + this.o.annualAmplitude * Math.cos((2 * Math.PI * (dayOfYear - 206)) / 365.25);
    let wander = 0;
    OCTAVES.forEach((oct, i) => {
      wander += oct.amp * valueNoise(this.o.seed, i, now, oct.period, this.segments);
    });
    const d = this.diurnal(now);
    const temp = season + this.o.diurnalAmplitude * d + wander;
    // Relative humidity runs against temperature over the day, wetter on cold spells.
    const rhNoise = 8 * valueNoise(this.o.seed + 7, OCTAVES.length, now, 18 * HOUR, this.segments);
    const rh = Math.min(98, Math.max(25, 72 - 14 * d - 1.2 * wander + rhNoise));
    return { temp, rh };
  }
}
