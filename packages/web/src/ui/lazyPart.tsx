import { lazy, Suspense, useState, type ComponentType, type ReactElement, type ReactNode } from 'react';

/**
 * A piece of a page that the user opens later (a dialog, a drawer's content), loaded the first
 * time it is shown instead of with the page: every visit pays for the page's first view only
 * (bench/web.bench.ts counts a page's static imports). `shown` tells from the props whether the
 * piece is open; once shown it stays mounted, so it closes with its animation as before.
 * `fallback` fills the place while the module loads (nothing for a dialog).
 */
export function lazyPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
  shown: (props: P) => boolean = () => true,
  fallback: ReactNode = null,
): (props: P) => ReactElement | null {
  const Part = lazy(async () => ({ default: await load() }));
  return function LazyPart(props: P): ReactElement | null {
    const open = shown(props);
    const [seen, setSeen] = useState(open);
    if (open && !seen) setSeen(true);
    if (!open && !seen) return null;
    return (
      <Suspense fallback={fallback}>
        <Part {...props} />
      </Suspense>
    );
  };
}
