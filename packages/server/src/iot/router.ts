import type { Commands } from './commands.js';
import type { DeviceInfo } from './devices.js';
import type { Ingest, Log } from './ingest.js';
import type { StatusTracker } from './status.js';

/**
 * What the platform does with each device channel, whichever broker carried the message.
 * Resolves when the message may be acknowledged (telemetry: when durable); rejects when it must
 * not be (ingest stopping), so the broker redelivers it later.
 */
export class DeviceRouter {
  constructor(
    private readonly ingest: Ingest,
    private readonly status: StatusTracker,
    private readonly commands: Commands,
    private readonly log: Log,
  ) {}

  async route(device: DeviceInfo, channel: string, payload: Buffer): Promise<void> {
    switch (channel) {
      case 'telemetry':
        this.status.markSeen(device.id);
        await this.ingest.handle(device, payload);
        return;
      case 'status': {
        const state = parseStatus(payload);
        if (state === null) return;
        try {
          await this.status.setStatus(device.id, state === 'online');
        } catch (err) {
          // The heartbeat and the next message repair the state; refusing would drop the link.
          this.log.warn({ code: device.code, err: err instanceof Error ? err.message : String(err) }, 'status not recorded');
        }
        if (state === 'online') this.commands.announceOnline(device.id);
        return;
      }
      case 'ack':
        this.status.markSeen(device.id);
        this.commands.onAck(device.code, payload);
        return;
      default:
        this.status.markSeen(device.id);
    }
  }
}

/** `online` / `offline`, bare or as a JSON string; anything else is ignored. */
export function parseStatus(payload: Buffer | string): 'online' | 'offline' | null {
  let text = payload.toString().trim();
  if (text.startsWith('"') && text.endsWith('"') && text.length >= 2) text = text.slice(1, -1);
  text = text.toLowerCase();
  return text === 'online' || text === 'offline' ? text : null;
}
