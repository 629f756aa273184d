import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { LiveStore, type LiveSnapshot } from './liveStore';
import { openLiveStream } from './stream';

/**
 * Live values for a page: opens the stream while mounted (for the given sheds, or every shed the
 * account may see), and reopens it when the shed set changes. `onResume` runs when the stream
 * comes back after a loss, so the page can reload its snapshot and fill the gap.
 */
export function useLiveTelemetry(opts: { shedIds?: readonly number[]; enabled?: boolean; onResume?: () => void } = {}): LiveSnapshot {
  const [store] = useState(() => new LiveStore());
  const enabled = opts.enabled ?? true;
  const key = opts.shedIds ? [...opts.shedIds].sort((a, b) => a - b).join(',') : '*';
  const resume = useRef(opts.onResume);
  useEffect(() => {
    resume.current = opts.onResume;
  }, [opts.onResume]);

  useEffect(() => {
    if (!enabled || key === '') return undefined;
    const shedIds = key === '*' ? undefined : key.split(',').map(Number);
    return openLiveStream(
      {
        onReading: (r) => store.reading(r),
        onStatus: (s) => store.status(s),
        onConnection: (c) => store.connection(c),
        onResume: () => resume.current?.(),
      },
      { shedIds },
    );
  }, [store, key, enabled]);

  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}
