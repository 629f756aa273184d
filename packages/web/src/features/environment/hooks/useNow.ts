import { useEffect, useState } from 'react';

/** The current time, refreshed every `everyMs`: "last seen 3 min ago" keeps counting on an idle page. */
export function useNow(everyMs = 15_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(id);
  }, [everyMs]);
  return now;
}
