import { useEffect, useRef } from 'react';
import type { LiveAlarm } from '@farmsense/shared';
import { openLiveStream } from './stream';

const ignore = (): void => undefined;

/**
 * Alarm changes for a page that shows alarms rather than values: opens the live stream while
 * mounted and calls `onChange` for each `alarm` event, and once with nothing when the stream
 * comes back after a loss (events may have been missed). Readings are dropped here, so the page
 * does not re-render with every one.
 */
export function useAlarmEvents(onChange: (a?: LiveAlarm) => void, enabled = true): void {
  const handler = useRef(onChange);
  useEffect(() => {
    handler.current = onChange;
  }, [onChange]);

  useEffect(() => {
    if (!enabled) return undefined;
    return openLiveStream({
      onReading: ignore,
      onStatus: ignore,
      onConnection: ignore,
      onAlarm: (a) => handler.current(a),
      onResume: () => handler.current(),
    });
  }, [enabled]);
}
