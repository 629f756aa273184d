/**
 * SPEC §4: later navigations cancel pending requests. Page requests share the signal of the
 * current navigation; the router aborts it when the path changes. Session-wide calls (bootstrap,
 * activity log, logout) opt out with `global: true`.
 */
let controller = new AbortController();

export function navigationSignal(): AbortSignal {
  return controller.signal;
}

export function abortPendingRequests(): void {
  controller.abort(new DOMException('navigation', 'AbortError'));
  controller = new AbortController();
}

type Navigate = (to: string) => void;
let navigateFn: Navigate | null = null;

/** The router registers its navigate function so non-React code (the API client) can redirect. */
export function bindNavigator(fn: Navigate | null): void {
  navigateFn = fn;
}

export function navigateTo(to: string): void {
  if (navigateFn) navigateFn(to);
  else window.location.assign(to);
}

/**
 * Signals merged by hand (AbortSignal.any is missing from some browsers farms still run). The
 * listeners are removed by `dispose` once the call settles: the navigation signal lives as long
 * as the page, and a polling screen would otherwise pile up listeners on it.
 */
export function anySignal(signals: (AbortSignal | undefined)[]): { signal: AbortSignal; dispose: () => void } {
  const merged = new AbortController();
  const cleanups: (() => void)[] = [];
  for (const s of signals) {
    if (!s) continue;
    if (s.aborted) {
      merged.abort(s.reason);
      break;
    }
    const onAbort = (): void => merged.abort(s.reason);
    s.addEventListener('abort', onAbort, { once: true });
    cleanups.push(() => s.removeEventListener('abort', onAbort));
  }
  return { signal: merged.signal, dispose: () => cleanups.forEach((c) => c()) };
}
