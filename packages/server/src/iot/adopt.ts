import mqtt, { type IPublishPacket } from 'mqtt';
import type { Database } from '../db/client.js';
import type { Log } from './ingest.js';
import { takeMessages } from './session.js';

export interface SessionKeeperOptions {
  url: string;
  /** This server's persistent session id and its shared group. */
  clientId: string;
  shareGroup: string;
  /** This process (ingest stats' node id). */
  node: string;
  database: Database;
  log: Log;
  /** Handles a message of an adopted session like the server's own (ExternalLink.take). */
  take: (packet: IPublishPacket) => Promise<void>;
  shareTopics: string[];
  /** Called when this live server finds its session adopted by another: subscribe again. */
  rejoin: () => Promise<void>;
  heartbeatMs?: number;
  /** A session whose heartbeat is older than this is taken for dead. */
  staleMs?: number;
  /** How long an adopted session may take to drain. */
  drainMs?: number;
}

/**
 * Keeps this server's broker session known (a heartbeat row in ingest_sessions) and adopts the
 * sessions of servers that died (issue 19). A killed server's persistent session stays in the
 * shared group, and the broker goes on queueing that server's share of the devices' messages in
 * it, for nobody. When a session's heartbeat is older than `staleMs`, one live server of the same
 * group claims its row (FOR UPDATE SKIP LOCKED: one adopter), connects with that session's id,
 * unsubscribes it from the group (the broker sends new messages to the live servers), stores what
 * was queued there (acknowledged once durable), disconnects and deletes the row.
 *
 * Should the owner come back meanwhile, its connection takes the session over (the broker drops
 * the adopter's), the adopter gives up and leaves the row to the owner; and a live server whose
 * row was adopted while its database heartbeat failed subscribes to the group again.
 */
export class SessionKeeper {
  private timer: NodeJS.Timeout | null = null;
  private beating = false;
  private adopting = false;
  private stopped = false;
  private readonly heartbeatMs: number;
  private readonly staleMs: number;
  private readonly drainMs: number;
  /** Sessions adopted and drained by this server (for tests and the log). */
  adopted = 0;

  constructor(private readonly opts: SessionKeeperOptions) {
    this.heartbeatMs = opts.heartbeatMs ?? 10_000;
    this.staleMs = opts.staleMs ?? 60_000;
    this.drainMs = opts.drainMs ?? 120_000;
  }

  async start(): Promise<void> {
    await this.opts.database.query(
      `INSERT INTO ingest_sessions (client_id, share_group, node, heartbeat_at) VALUES ($1, $2, $3, now())
       ON CONFLICT (client_id) DO UPDATE SET share_group = excluded.share_group, node = excluded.node, heartbeat_at = now()`,
      [this.opts.clientId, this.opts.shareGroup, this.opts.node],
    );
    this.timer = setInterval(() => void this.tick(), this.heartbeatMs);
    this.timer.unref();
  }

  /** After a graceful leave: the session is drained and out of the group, nothing to adopt. */
  async stop(drained: boolean): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (drained) {
      await this.opts.database
        .query('DELETE FROM ingest_sessions WHERE client_id = $1 AND node = $2', [this.opts.clientId, this.opts.node])
        .catch(() => undefined);
    }
  }

  /**
   * One heartbeat and, unless an adoption is running, one look for a dead session. The adoption
   * runs beside the heartbeats: a long drain must not let this server's own row go stale.
   */
  async tick(): Promise<void> {
    if (this.stopped) return;
    if (!this.beating) {
      this.beating = true;
      await this.beat()
        .catch((err: unknown) => this.warn(err))
        .finally(() => (this.beating = false));
    }
    if (this.adopting || this.stopped) return;
    this.adopting = true;
    try {
      const dead = await this.claim();
      if (dead) await this.adopt(dead);
    } catch (err) {
      this.warn(err);
    } finally {
      this.adopting = false;
    }
  }

  private warn(err: unknown): void {
    this.opts.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'ingest session keeper failed; retrying');
  }

  private async beat(): Promise<void> {
    const { database, clientId, shareGroup, node } = this.opts;
    const mine = await database.query('UPDATE ingest_sessions SET heartbeat_at = now() WHERE client_id = $1 AND node = $2 RETURNING 1', [
      clientId,
      node,
    ]);
    if (mine.length > 0) return;
    // Adopted while alive (our heartbeat did not reach the database in time): the adopter took
    // us out of the group in our name. Take the row back and subscribe again.
    this.opts.log.warn({ clientId }, 'this server’s broker session was adopted by another; joining the group again');
    await database.query(
      `INSERT INTO ingest_sessions (client_id, share_group, node, heartbeat_at) VALUES ($1, $2, $3, now())
       ON CONFLICT (client_id) DO UPDATE SET node = excluded.node, heartbeat_at = now()`,
      [clientId, shareGroup, node],
    );
    await this.opts.rejoin();
  }

  private async claim(): Promise<string | null> {
    const rows = await this.opts.database.query<{ client_id: string }>(
      `UPDATE ingest_sessions SET node = $1, heartbeat_at = now()
        WHERE client_id = (SELECT client_id FROM ingest_sessions
                            WHERE share_group = $2 AND client_id <> $3 AND heartbeat_at < now() - $4 * interval '1 millisecond'
                            ORDER BY heartbeat_at LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING client_id`,
      [this.opts.node, this.opts.shareGroup, this.opts.clientId, this.staleMs],
    );
    return rows[0]?.client_id ?? null;
  }

  private async adopt(clientId: string): Promise<void> {
    const { database, node, log } = this.opts;
    const client = mqtt.connect(this.opts.url, {
      protocolVersion: 4,
      clientId,
      clean: false,
      reconnectPeriod: 0,
      connectTimeout: 10_000,
      keepalive: 30,
    });
    let messages = 0;
    const session = takeMessages(client, (packet) => {
      messages++;
      return this.opts.take(packet);
    });
    let kicked = false;
    try {
      await new Promise<void>((resolve, reject) => {
        client.once('connect', () => resolve());
        client.once('error', reject);
        client.once('close', () => reject(new Error('connection closed')));
      });
      client.on('close', () => {
        kicked = true;
      });
      await client.unsubscribeAsync(this.opts.shareTopics);
      // Keep the claim fresh while draining, so no third server takes it meanwhile.
      const beat = setInterval(
        () =>
          void database
            .query('UPDATE ingest_sessions SET heartbeat_at = now() WHERE client_id = $1 AND node = $2', [clientId, node])
            .catch(() => undefined),
        this.heartbeatMs,
      );
      try {
        await session.drained(Date.now() + this.drainMs);
      } finally {
        clearInterval(beat);
      }
      if (kicked) {
        log.info({ clientId, messages }, 'a stopped ingest server came back during adoption; its session is its own again');
        return;
      }
      await client.endAsync();
      await database.query('DELETE FROM ingest_sessions WHERE client_id = $1 AND node = $2', [clientId, node]);
      this.adopted++;
      log.warn({ clientId, messages }, 'adopted and drained the broker session of an ingest server that stopped without leaving');
    } finally {
      if (!client.disconnected) client.end(true);
    }
  }
}
