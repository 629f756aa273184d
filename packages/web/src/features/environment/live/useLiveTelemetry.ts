import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { LiveAlarm } from '@farmsense/shared';
import { LiveStore, type LiveSnapshot } from './liveStore';
import { openLiveStream } from './stream';

/**
 * Live values for a page: opens the stream while mounted (for the given sheds, or every shed the
 * account may see), and reopens it when the shed set changes. `onResume` runs when the stream
 * comes back after a loss, so the page can reload its snapshot and fill the gap; `onAlarm` hears
 * the stream's alarm events (the overview's alarm colours).
 */
export function useLiveTelemetry(
  opts: { shedIds?: readonly number[]; enabled?: boolean; onResume?: () => void; onAlarm?: (a: LiveAlarm) => void } = {},
): LiveSnapshot {
  const [store] = useState(() => new LiveStore());
  const enabled = opts.enabled ?? true;
  const key = opts.shedIds ? [...opts.shedIds].sort((a, b) => a - b).join(',') : '*';
  const resume = useRef(opts.onResume);
  const alarm = useRef(opts.onAlarm);
  useEffect(() => {
    resume.current = opts.onResume;
    alarm.current = opts.onAlarm;
  }, [opts.onResume, opts.onAlarm]);

  useEffect(() => {
    if (!enabled || key === '') return undefined;
    const shedIds = key === '*' ? undefined : key.split(',').map(Number);
    return openLiveStream(
      {
        onReading: (r) => store.reading(r),
        onStatus: (s) => store.status(s),
        onConnection: (c) => store.connection(c),
        onResume: () => resume.current?.(),
        onAlarm: (a) => alarm.current?.(a),
      },
      { shedIds },
    );
  }, [store, key, enabled]);

  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}
