import type { IngestSubscriber } from '../module.js';
import { evaluateBatch, type Reading } from './evaluate.js';

/**
 * Evaluates committed readings against the threshold rules of their shed (evaluate.ts). Delivery
 * is at most once (iot/committed.ts): what a restart or an overflow loses here, the sweep job
 * (jobs.ts) evaluates from the stored readings, starting at each gateway's recorded progress; until
 * it has, this subscriber leaves that gateway's newer readings to it too (`inOrder`).
 */
export const alarmEvaluator: IngestSubscriber = {
  name: 'alarms.evaluate',
  async onCommitted(batch, deps) {
    // A gateway's messages together, in commit order; every gateway of the batch in one transaction.
    const byGateway = new Map<number, { device: (typeof batch.messages)[number]['device']; readings: Reading[] }>();
    for (const m of batch.messages) {
      const g = byGateway.get(m.device.id) ?? { device: m.device, readings: [] };
      g.readings.push({ ts: m.ts, values: m.values });
      byGateway.set(m.device.id, g);
    }
    await evaluateBatch(
      deps,
      [...byGateway.values()].map(({ device, readings }) => ({ gw: device, readings })),
      { inOrder: true },
    );
  },
};
