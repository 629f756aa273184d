import type { Tx } from '../../db/client.js';
import type { Deps } from '../../deps.js';

/**
 * What other modules hear of a settled command (the alarms module's "command failed" rule),
 * without control knowing them: a listener gets the row's outcome inside the transaction that
 * settled it, so what it writes commits with the new status or not at all, and it may return work
 * for after the commit (events to open screens). A row is settled once per outcome (the status
 * update only matches a row in the state it leaves), so however many processes receive an ack or
 * run the expiry, one listener call sees each outcome.
 */
export interface SettledCommand {
  id: string;
  tenantId: number;
  farmId: number;
  shedId: number;
  gatewayId: number;
  /** The setting group (`tempDayAge`, `heater`, ...). */
  group: string;
  version: number;
  status: 'synced' | 'failed' | 'expired';
  /** When it was settled (the ack's arrival, or the expiry). */
  at: Date;
}

export type CommandSettledListener = (tx: Tx, deps: Deps, cmd: SettledCommand) => Promise<(() => void) | void>;

const listeners = new Set<CommandSettledListener>();

/** Subscribes to settled commands (for the process's life; returns the removal, for tests). */
export function onCommandSettled(listener: CommandSettledListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Calls every listener in `tx`; returns what they want done after the commit. */
export async function commandSettled(tx: Tx, deps: Deps, cmd: SettledCommand): Promise<(() => void)[]> {
  const after: (() => void)[] = [];
  for (const l of listeners) {
    const done = await l(tx, deps, cmd);
    if (done) after.push(done);
  }
  return after;
}
