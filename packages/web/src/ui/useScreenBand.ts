import { useSyncExternalStore } from 'react';
import { screenBand, type ScreenBand } from '@farmsense/shared';

/** SPEC §9 screen bands (large >= 1440, medium >= 768, small), following window resizes. */
function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

export function useScreenBand(): ScreenBand {
  return useSyncExternalStore(
    subscribe,
    () => screenBand(window.innerWidth),
    () => 'large',
  );
}
