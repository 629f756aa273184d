import { Suspense, type ReactElement } from 'react';
import { useLocation } from 'react-router';
import { ErrorBoundary } from './ErrorBoundary';
import { ROUTE_REGISTRY } from './registry';
import { PageSpin } from '../../ui/PageSpin';

/**
 * Renders a registered page. Inside the shell the content area already provides the error
 * boundary and Suspense; full-screen pages have no shell, so they bring their own (`isolated`).
 */
export function PageHost({ code, isolated = false }: { code: string; isolated?: boolean }): ReactElement | null {
  const { pathname } = useLocation();
  const entry = ROUTE_REGISTRY[code];
  if (!entry) return null;
  const Page = entry.page;
  if (!isolated) return <Page />;
  return (
    <ErrorBoundary key={pathname}>
      <Suspense fallback={<PageSpin full />}>
        <Page />
      </Suspense>
    </ErrorBoundary>
  );
}
