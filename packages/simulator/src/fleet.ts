import { DEFAULT_FAULTS, type FaultOptions } from './faults.js';
import { ShedModel } from './model.js';
import type { ShedKind } from './profiles.js';
import { hashSeed } from './random.js';
import { Weather } from './weather.js';

/**
 * Turns a list of gateways (code, shed type, farm) into shed models: the barn type follows the
 * shed type of SPEC §3, each farm gets one outside weather shared by its sheds, and each shed a
 * batch placed at a fixed distance before `anchor` (for the demo: the day the demo was seeded),
 * so day ages keep advancing across restarts instead of starting over.
 */
export interface FleetGateway {
  code: string;
  /** Shed type (pig 0-7, poultry 1001-2000); unknown or absent: by position in the list. */
  shedType?: number | null;
  /** Sheds with the same farm key share the outside weather. */
  farm?: string | number | null;
}

export interface FleetOptions {
  seed: number;
  /** The moment batches are placed relative to (ms); their placement days are fixed before it. */
  anchor: number;
  utcOffsetMinutes?: number;
  faults?: FaultOptions | false;
}

const DAY = 86_400_000;

/** SPEC §3 shed types: pig 2 farrowing, 3 nursery, others grow-finish-like; poultry meat or lay. */
export function kindForShedType(shedType: number | null | undefined, index: number): ShedKind {
  if (shedType === 2) return 'farrowing';
  if (shedType === 3) return 'nursery';
  if (shedType !== null && shedType !== undefined && shedType >= 0 && shedType <= 7) return 'fattening';
  if (shedType === 1001 || shedType === 1004 || shedType === 1005 || shedType === 1007 || shedType === 2000) return 'broiler';
  if (shedType !== null && shedType !== undefined && shedType >= 1002 && shedType <= 1011) return 'layer';
  const cycle: ShedKind[] = ['broiler', 'broiler', 'layer', 'farrowing', 'nursery', 'fattening'];
  return cycle[index % cycle.length]!;
}

/** Days between placement and the anchor, per kind; later sheds of a kind take the next entry. */
const PLACED_DAYS_BEFORE: Record<ShedKind, number[]> = {
  broiler: [29, 11, 36, 4, 20],
  layer: [250, 180, 320],
  farrowing: [9, 23, 2],
  nursery: [20, 34, 6],
  fattening: [50, 85, 15],
};

export function buildFleet(gateways: readonly FleetGateway[], opts: FleetOptions): ShedModel[] {
  const offset = (opts.utcOffsetMinutes ?? 480) * 60_000;
  // Placement at local midnight, so day age turns over at midnight on the farm.
  const anchorMidnight = Math.floor((opts.anchor + offset) / DAY) * DAY - offset;
  const weathers = new Map<string, Weather>();
  const seen = new Map<ShedKind, number>();
  return gateways.map((g, i) => {
    const kind = kindForShedType(g.shedType, i);
    const nth = seen.get(kind) ?? 0;
    seen.set(kind, nth + 1);
    const days = PLACED_DAYS_BEFORE[kind];
    const farmKey = String(g.farm ?? 'default');
    let weather = weathers.get(farmKey);
    if (!weather) {
      weather = new Weather({ seed: hashSeed(`farm:${farmKey}`, opts.seed), utcOffsetMinutes: opts.utcOffsetMinutes ?? 480 });
      weathers.set(farmKey, weather);
    }
    return new ShedModel({
      code: g.code,
      kind,
      seed: opts.seed,
      placedAt: anchorMidnight - days[nth % days.length]! * DAY,
      weather,
      faults: opts.faults === undefined ? DEFAULT_FAULTS : opts.faults,
    });
  });
}
