import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { FEED_REMOTE_OPS, FEEDER_DEFAULTS, type FeedRemoteAction } from '@farmsense/shared';
import type { Tx } from './client.js';
import { accounts, controlCommands, controlOptionLogs, feedDevices } from './tables.js';

/**
 * The demo feeders' remote history (/remote-control/feed-device/*, /accurate-feeding/records/
 * feed-immediate): what the demo administrator sent the Farrowing 1 feeders over the last days,
 * as the feeding module writes it (commands of the house's `feedDevice` group with their
 * option-log entries, confirmed with the security code): a clock sync of the concentrator, new
 * parameters for the first crates, and feed-now commands (most fed, one refused by a blocked
 * auger, one that nobody answered in time). Called once, with the hierarchy (seed-feed-devices.ts).
 */
interface Sent {
  action: FeedRemoteAction;
  /** Index of the feeder (by number); -1: the concentrator. */
  device: number;
  hoursAgo: number;
  status: 'synced' | 'failed' | 'expired';
  extra: Record<string, unknown>;
  ackMsg?: string;
}

const HISTORY: Sent[] = [
  { action: 'timeSync', device: -1, hoursAgo: 70, status: 'synced', extra: {} },
  { action: 'params', device: 0, hoursAgo: 52, status: 'synced', extra: { ...FEEDER_DEFAULTS, amountPerFeed: 350 } },
  { action: 'params', device: 1, hoursAgo: 52, status: 'synced', extra: { ...FEEDER_DEFAULTS, amountPerFeed: 350 } },
  { action: 'feedNow', device: 4, hoursAgo: 49, status: 'synced', extra: { grams: 500 } },
  { action: 'feedNow', device: 9, hoursAgo: 30, status: 'failed', extra: { grams: 400 }, ackMsg: 'augerBlocked' },
  { action: 'feedNow', device: 9, hoursAgo: 29, status: 'synced', extra: { grams: 400 } },
  { action: 'feedNow', device: 15, hoursAgo: 26, status: 'expired', extra: { grams: 300 } },
  { action: 'feedNow', device: 15, hoursAgo: 5, status: 'synced', extra: { grams: 300 } },
  { action: 'feedNow', device: 20, hoursAgo: 3, status: 'synced', extra: { grams: 600 } },
];

export async function seedDemoFeedRemote(
  tx: Tx,
  at: { tenantId: number; farmId: number; shedId: number; gatewayId: number },
): Promise<void> {
  const [admin] = await tx
    .select({ id: accounts.id, name: accounts.accountName })
    .from(accounts)
    .where(and(eq(accounts.tenantId, at.tenantId), eq(accounts.accountCode, 'demo')));
  const devices = await tx
    .select({ id: feedDevices.id, kind: feedDevices.kind, no: feedDevices.deviceNo, parentId: feedDevices.parentId })
    .from(feedDevices)
    .where(eq(feedDevices.shedId, at.shedId))
    .orderBy(asc(feedDevices.deviceNo), asc(feedDevices.id));
  const concentrator = devices.find((d) => d.kind === 'concentrator');
  const feeders = devices.filter((d) => d.kind === 'feeder');
  if (!concentrator || feeders.length === 0) return;
  const now = Date.now();
  const commands: (typeof controlCommands.$inferInsert)[] = [];
  const logs: (typeof controlOptionLogs.$inferInsert)[] = [];
  for (const [i, s] of HISTORY.entries()) {
    const d = s.device < 0 ? concentrator : feeders[s.device % feeders.length]!;
    const collector = devices.find((c) => c.id === d.parentId);
    const sentAt = new Date(now - s.hoursAgo * 3_600_000);
    const payload = {
      deviceId: d.id,
      ...(d.kind === 'feeder' && collector ? { collector: collector.no, feeder: d.no } : {}),
      ...s.extra,
      ...(s.action === 'timeSync' ? { time: sentAt.getTime() } : {}),
    };
    const id = randomUUID();
    const version = i + 1;
    commands.push({
      id,
      ...at,
      grp: 'feedDevice',
      version,
      op: FEED_REMOTE_OPS[s.action],
      payload,
      status: s.status,
      expiresAt: new Date(sentAt.getTime() + 60_000),
      attempts: 1,
      lastSentAt: sentAt,
      ackMsg: s.status === 'expired' ? null : (s.ackMsg ?? 'ok'),
      ackedAt: s.status === 'expired' ? null : new Date(sentAt.getTime() + 1_500),
      createdAt: sentAt,
      createdBy: admin?.id ?? null,
    });
    logs.push({
      tenantId: at.tenantId,
      farmId: at.farmId,
      shedId: at.shedId,
      grp: 'feedDevice',
      action: s.action,
      version,
      fromValue: null,
      toValue: payload,
      codeKind: 'security',
      commandId: id,
      accountId: admin?.id ?? null,
      accountName: admin?.name ?? null,
      createdAt: sentAt,
    });
  }
  await tx.insert(controlCommands).values(commands);
  await tx.insert(controlOptionLogs).values(logs);
  // The parameters the first crates acknowledged are theirs now.
  for (const s of HISTORY.filter((h) => h.action === 'params' && h.status === 'synced')) {
    await tx
      .update(feedDevices)
      .set({ amountPerFeed: Number(s.extra.amountPerFeed) })
      .where(eq(feedDevices.id, feeders[s.device]!.id));
  }
}
