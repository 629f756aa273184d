import pg from 'pg';

/** Channel names are identifiers in LISTEN; only plain ones are accepted (no quoting games). */
const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;

/** Sends a notification to every process listening on the channel (the sender's own included). */
export async function notify(query: (sql: string, params: unknown[]) => Promise<unknown>, channel: string, payload = ''): Promise<void> {
  await query('SELECT pg_notify($1, $2)', [channel, payload]);
}

/**
 * LISTEN on a PostgreSQL server over a connection of its own (a pooled connection would be handed
 * to other queries and lose the subscription). When that connection drops (server restart,
 * network), it is opened again after a short wait and `onGap` tells the listener that
 * notifications may have been missed in between, so a cache can drop what it holds.
 */
export async function listenPg(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  onGap?: () => void,
): Promise<() => Promise<void>> {
  if (!CHANNEL.test(channel)) throw new Error(`bad notification channel ${channel}`);
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;

  const connect = async (afterGap: boolean): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (n) => {
      if (n.channel === channel) onMessage(n.payload ?? '');
    });
    c.on('error', () => undefined); // 'end' follows and reconnects
    c.on('end', () => {
      if (stopped || client !== c) return;
      client = null;
      retry = setTimeout(() => void reconnect(), 1000);
    });
    await c.connect();
    await c.query(`LISTEN ${channel}`);
    client = c;
    if (afterGap) onGap?.();
  };
  const reconnect = async (): Promise<void> => {
    retry = null;
    if (stopped) return;
    try {
      await connect(true);
    } catch {
      if (!stopped) retry = setTimeout(() => void reconnect(), 2000);
    }
  };

  await connect(false);
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const c = client;
    client = null;
    if (c) await c.end().catch(() => undefined);
  };
}
