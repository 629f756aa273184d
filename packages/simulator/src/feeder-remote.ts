import { feederParamsPayload, feedNowGrams, serialPayload, type FeederParamsPayload, type SerialPayload } from '@farmsense/shared';

/**
 * The remote actions a feeder concentrator obeys (shared feeding/remote-endpoints.ts), checked with
 * the platform's own schemas:
 *   setFeederParams {version, deviceId, collector, feeder, ...parameters}  ack ok {version, deviceId}
 *   feedNow         {version, deviceId, collector, feeder, grams}  the feeder drops `grams` at once and
 *                   reports them in its day's `feederFeed.n`; ack ok {deviceId, grams}. A command
 *                   received again (re-sent on reconnect) is acknowledged without a second drop.
 *   syncTime        {version, deviceId, time}  the device's clock set to the platform's; ack {offsetMs}
 *   setSerial       {version, deviceId, baudRate, dataBits, stopBits, parity}  ack ok {version, deviceId}
 * A malformed command is refused with `badParams`, a feeder not on the bus with `unknownFeeder`.
 */
const ENVELOPE = ['version', 'deviceId', 'collector', 'feeder'];

/** The command's own fields, without its version, device and address. */
function own(p: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(p).filter(([k]) => !ENVELOPE.includes(k)));
}

export function readParams(p: Record<string, unknown>): FeederParamsPayload | null {
  const r = feederParamsPayload.safeParse(own(p));
  return r.success ? r.data : null;
}

export function readSerial(p: Record<string, unknown>): SerialPayload | null {
  const r = serialPayload.safeParse(own(p));
  return r.success ? r.data : null;
}

export function readGrams(p: Record<string, unknown>): number | null {
  const r = feedNowGrams.safeParse(p.grams);
  return r.success ? r.data : null;
}

/** Command ids a device remembers to recognise one received twice. */
export class SeenIds {
  private readonly ids: string[] = [];
  constructor(private readonly max = 500) {}
  /** True the first time an id is seen. */
  first(id: string): boolean {
    if (this.ids.includes(id)) return false;
    this.ids.push(id);
    if (this.ids.length > this.max) this.ids.shift();
    return true;
  }
}
