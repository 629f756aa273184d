/**
 * CONTRACT §4 telemetry payload: `{"ts": <epoch ms>, "seq": <int>, "values": {"<key>": <number>}}`.
 * Parsing never throws: a payload that cannot be stored at all is reported as malformed (counted
 * and logged by ingest), a single bad value inside a good payload is dropped and counted, and
 * unknown keys are kept as they are (a newer controller may report kinds this server predates).
 */
export interface Telemetry {
  ts: number;
  seq: number | null;
  /** Accepted readings as parallel arrays (the batch writer wants arrays anyway). */
  keys: string[];
  values: number[];
  /** Entries dropped: non-finite or non-numeric values, keys that are not plain tokens. */
  badValues: number;
}

export type ParseResult = { ok: true; telemetry: Telemetry } | { ok: false; reason: MalformedReason };
export type MalformedReason = 'too-large' | 'not-json' | 'not-object' | 'bad-ts' | 'bad-values';

/** Keys are `<kind>.<n>` (CONTRACT §4); anything token-like is kept, the rest is dropped. */
const KEY_RE = /^[A-Za-z][A-Za-z0-9_]{0,31}(\.[A-Za-z0-9_]{1,16})?$/;
export const MAX_PAYLOAD_BYTES = 64 * 1024;
/** Readings before 2000 are a device clock that was never set. */
const MIN_TS = Date.UTC(2000, 0, 1);
/** A device clock may run ahead a little; a day ahead is a wrong clock, not a reading. */
const MAX_AHEAD_MS = 24 * 3600_000;
const MAX_VALUES = 512;

export function parseTelemetry(payload: Buffer | string, nowMs = Date.now()): ParseResult {
  const size = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
  if (size > MAX_PAYLOAD_BYTES) return { ok: false, reason: 'too-large' };
  let doc: unknown;
  try {
    doc = JSON.parse(typeof payload === 'string' ? payload : payload.toString('utf8'));
  } catch {
    return { ok: false, reason: 'not-json' };
  }
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) return { ok: false, reason: 'not-object' };
  const { ts, seq, values } = doc as { ts?: unknown; seq?: unknown; values?: unknown };
  if (typeof ts !== 'number' || !Number.isFinite(ts) || ts < MIN_TS || ts > nowMs + MAX_AHEAD_MS) {
    return { ok: false, reason: 'bad-ts' };
  }
  if (!values || typeof values !== 'object' || Array.isArray(values)) return { ok: false, reason: 'bad-values' };
  const keys: string[] = [];
  const nums: number[] = [];
  let bad = 0;
  for (const [k, v] of Object.entries(values as Record<string, unknown>)) {
    if (keys.length >= MAX_VALUES || typeof v !== 'number' || !Number.isFinite(v) || !KEY_RE.test(k)) {
      bad++;
      continue;
    }
    keys.push(k);
    nums.push(v);
  }
  return {
    ok: true,
    telemetry: {
      // Stored at millisecond precision: the same reading redelivered maps to the same row.
      ts: Math.round(ts),
      seq: typeof seq === 'number' && Number.isInteger(seq) ? seq : null,
      keys,
      values: nums,
      badValues: bad,
    },
  };
}

/** Splits `fs/{code}/{channel}`; null for anything else. */
export function parseTopic(topic: string): { code: string; channel: string } | null {
  const parts = topic.split('/');
  if (parts.length !== 3 || parts[0] !== 'fs' || !parts[1] || !parts[2]) return null;
  return { code: parts[1], channel: parts[2] };
}
