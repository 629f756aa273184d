import { liveAlarm, liveReading, liveStatus, liveStreamEndpoint, type LiveAlarm } from '@farmsense/shared';
import { API_BASE } from '../../../app/api/client';
import { appState } from '../../../app/stores/appStore';
import { SseParser } from './sse';
import type { LiveConnection, LiveReading, LiveStatus } from './types';

/**
 * Opens the live stream with fetch (so the session travels in the `token` header, never in a
 * URL) and keeps it open: a dropped connection is retried with a growing pause, and a stream
 * that has been silent for longer than three keep-alive periods is treated as dropped (a proxy
 * or a sleeping laptop can leave a dead socket open). A refusal (401/403) stops it: the page's
 * ordinary calls deal with an ended session.
 */
export interface LiveHandlers {
  onReading: (r: LiveReading) => void;
  onStatus: (s: LiveStatus) => void;
  onConnection: (c: LiveConnection) => void;
  /** The stream is back after a loss: values may have been missed, reload the snapshot. */
  onResume?: () => void;
  /** An alarm was raised, released, acknowledged, shelved or peaked (pages of alarms reload). */
  onAlarm?: (a: LiveAlarm) => void;
}

export interface LiveOptions {
  shedIds?: readonly number[];
  fetchImpl?: typeof fetch;
  /** Pauses before retries, ms (the last one repeats). */
  backoff?: readonly number[];
  /** No byte for this long (ms) means a dead connection. */
  silenceMs?: number;
}

const BACKOFF = [1_000, 2_000, 5_000, 10_000, 30_000] as const;
const SILENCE_MS = 45_000;

export function liveStreamUrl(shedIds?: readonly number[]): string {
  const q = shedIds && shedIds.length > 0 ? `?shedIds=${[...shedIds].sort((a, b) => a - b).join(',')}` : '';
  return `${API_BASE}${liveStreamEndpoint.path}${q}`;
}

/** The event's JSON, or undefined when it is not JSON (the event is then skipped). */
function parseJson(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch {
    return undefined;
  }
}

/** Starts the stream; the returned function closes it for good. */
export function openLiveStream(handlers: LiveHandlers, opts: LiveOptions = {}): () => void {
  const doFetch = opts.fetchImpl ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const backoff = opts.backoff ?? BACKOFF;
  const silenceMs = opts.silenceMs ?? SILENCE_MS;
  let closed = false;
  let attempt = 0;
  let everLive = false;
  let controller: AbortController | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let silenceTimer: ReturnType<typeof setTimeout> | undefined;

  const armSilence = (): void => {
    clearTimeout(silenceTimer);
    silenceTimer = setTimeout(() => controller?.abort(), silenceMs);
  };

  const scheduleRetry = (): void => {
    if (closed) return;
    handlers.onConnection('retrying');
    const wait = backoff[Math.min(attempt, backoff.length - 1)] ?? 30_000;
    attempt += 1;
    retryTimer = setTimeout(() => void connect(), wait);
  };

  const connect = async (): Promise<void> => {
    if (closed) return;
    controller = new AbortController();
    const { token, locale } = appState();
    const headers: Record<string, string> = { Accept: 'text/event-stream', 'Accept-Language': locale };
    if (token) headers.token = token;
    let res: Response;
    try {
      res = await doFetch(liveStreamUrl(opts.shedIds), { headers, signal: controller.signal, cache: 'no-store' });
    } catch {
      scheduleRetry();
      return;
    }
    if (res.status === 401 || res.status === 403) {
      closed = true;
      handlers.onConnection('stopped');
      return;
    }
    if (!res.ok || !res.body) {
      scheduleRetry();
      return;
    }
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    const parser = new SseParser();
    armSilence();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        armSilence();
        for (const msg of parser.push(decoder.decode(value, { stream: true }))) {
          if (msg.event === 'ready') {
            attempt = 0;
            handlers.onConnection('live');
            if (everLive) handlers.onResume?.();
            everLive = true;
          } else if (msg.event === 'telemetry') {
            const r = liveReading.safeParse(parseJson(msg.data));
            if (r.success) handlers.onReading(r.data);
          } else if (msg.event === 'status') {
            const s = liveStatus.safeParse(parseJson(msg.data));
            if (s.success) handlers.onStatus(s.data);
          } else if (msg.event === 'alarm') {
            const a = liveAlarm.safeParse(parseJson(msg.data));
            if (a.success) handlers.onAlarm?.(a.data);
          }
        }
      }
    } catch {
      // Aborted (closed, or silent too long) or the connection broke: handled below.
    } finally {
      clearTimeout(silenceTimer);
    }
    scheduleRetry();
  };

  handlers.onConnection('connecting');
  void connect();
  return () => {
    closed = true;
    clearTimeout(retryTimer);
    clearTimeout(silenceTimer);
    controller?.abort();
  };
}
