/** Items handled per turn of the event loop by `inTurns`. */
export const TURN_SIZE = 64;

/**
 * Calls `fn` for each item, `size` at a time, letting the event loop run between turns. A
 * thousand promises resolved in one go run all their continuations (a device's CONNACK, a
 * message's PUBACK, each written to its socket) before any waiting HTTP request is read: the
 * console's calls waited behind a fleet's reconnection or a large ingest batch for hundreds of
 * milliseconds. The continuations of one turn (microtasks) still finish before the next starts.
 */
export async function inTurns<T>(items: readonly T[], fn: (item: T) => void, size = TURN_SIZE): Promise<void> {
  for (let i = 0; i < items.length; i += size) {
    if (i > 0) await new Promise<void>((resolve) => setImmediate(resolve));
    const end = Math.min(items.length, i + size);
    for (let k = i; k < end; k++) fn(items[k]!);
  }
}
