/**
 * Feed alarms (issue 15 "Records, monitoring and alarms"): what a feeder's `feederState.n` means,
 * and the keys of the alarms the platform raises for the feeding module (alarms/schemas.ts
 * FEED_ALARM_KINDS). Shared by the server (raising), the simulator (reporting) and the console
 * (naming a key).
 */

/**
 * `feederState.n`: 0 idle, 1 dispensing a meal, 2 not eating (the sow left her ration), and the
 * faults the feeder reports until they are put right: 3 blocked auger, 4 empty hopper, 5 motor
 * fault. The daily rollup keeps the day's largest state, so a day is judged "refused" only by a
 * largest state of exactly 2 (a fault that day is its own alarm; the day's dispensed share still
 * judges it once finished).
 */
export const FEEDER_STATE = { idle: 0, feeding: 1, notEating: 2, blockedAuger: 3, emptyHopper: 4, motorFault: 5 } as const;
export const FEEDER_FAULTS = ['blockedAuger', 'emptyHopper', 'motorFault'] as const;
export type FeederFault = (typeof FEEDER_FAULTS)[number];

/** The fault a state reports, or null for a working feeder (idle, feeding, not eating, unknown). */
export function feederFaultOf(state: number): FeederFault | null {
  return FEEDER_FAULTS.find((f) => FEEDER_STATE[f] === state) ?? null;
}

/** Levels (1 high, 2 medium, 3 low): a fault stops the feed of every meal, the others are read each morning. */
export const FEED_ALARM_LEVELS = { notEaten: 2, feederFault: 1, siloGap: 2 } as const;

/** Local minute of the day the morning evaluation runs (06:00 on the farm's clock). */
export const FEED_ALARM_MORNING_MINUTE = 6 * 60;

export const feederFaultKey = (feederId: number): string => `feeder.${feederId}`;
export const notEatenKey = (feederId: number, day: string): string => `feeder.${feederId}.${day}`;
export const siloGapKey = (day: string): string => `reconcile.${day}`;

/** A feed alarm's key read back: the feeder it names and the farm day, where it has them. */
export function parseFeedAlarmKey(key: string): { feederId: number | null; day: string | null } {
  const m = /^(?:feeder\.([1-9]\d*)(?:\.(\d{4}-\d{2}-\d{2}))?|reconcile\.(\d{4}-\d{2}-\d{2}))$/.exec(key);
  if (!m) return { feederId: null, day: null };
  return { feederId: m[1] ? Number(m[1]) : null, day: m[2] ?? m[3] ?? null };
}

/**
 * Whether a local minute of the day `minute` falls in the window of `span` minutes ending at
 * `now` (both minutes of the day, the window may wrap past midnight): a job run every `span`
 * minutes sees each moment of the day once.
 */
export function minuteInWindow(minute: number, now: number, span: number): boolean {
  const back = (now - minute + 1440) % 1440;
  return back < span;
}

/**
 * The catalogue text of a feed alarm (namespace `alarms`): its key under `feed.` and the values
 * it takes, from the record's kind, key and value. The server's push messages and the console's
 * alarm list say the same words.
 */
export function feedAlarmText(kind: string, key: string, value: number | null): { key: string; vars: Record<string, string | number> } {
  const { day } = parseFeedAlarmKey(key);
  if (kind === 'feederFault') return { key: `feed.fault.${feederFaultOf(value ?? -1) ?? 'other'}`, vars: {} };
  if (kind === 'siloGap') return { key: 'feed.siloGap', vars: { day: day ?? '', gap: value ?? '' } };
  return { key: 'feed.notEaten', vars: { day: day ?? '' } };
}
