import { useCallback, useSyncExternalStore, type RefObject } from 'react';

/**
 * The browser's full-screen mode for one element (the wall display). Follows the document's own
 * state, so leaving with Esc updates the button too.
 */
function subscribe(onChange: () => void): () => void {
  document.addEventListener('fullscreenchange', onChange);
  return () => document.removeEventListener('fullscreenchange', onChange);
}

export function useFullscreen(ref: RefObject<HTMLElement | null>): { active: boolean; toggle: () => Promise<void> } {
  const element = useSyncExternalStore(
    subscribe,
    () => (typeof document !== 'undefined' ? document.fullscreenElement : null),
    () => null,
  );
  // The wall display is the only element of its page that goes full screen.
  const active = element !== null;
  const toggle = useCallback(async (): Promise<void> => {
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      else await ref.current?.requestFullscreen();
    } catch {
      // Refused (an iframe without allowfullscreen, a kiosk policy): the page stays as it is.
    }
  }, [ref]);
  return { active, toggle };
}
