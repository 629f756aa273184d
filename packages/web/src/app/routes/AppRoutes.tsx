import { lazy, Suspense, useEffect, useLayoutEffect, useRef, type ReactElement } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { flattenApps } from '@farmsense/shared';
import { abortPendingRequests, bindNavigator } from '../api/navigation';
import { ChangePasswordPage } from '../auth/ChangePasswordPage';
import { LoginPage } from '../auth/LoginPage';
import { loadConsoleNamespaces } from '../i18n/i18n';
import { NotFoundPage } from '../shell/NotFoundPage';
import { useAppStore } from '../stores/appStore';
import { PageSpin } from '../../ui/PageSpin';

/**
 * The console (session gate, shell, menu, route registry) is a chunk of its own, fetched together
 * with the rest of the catalogue: the sign-in page does not carry it, and the shell never renders
 * before its texts are there.
 */
const SessionGate = lazy(() => Promise.all([import('./SessionGate'), loadConsoleNamespaces()]).then(([m]) => ({ default: m.SessionGate })));

/** First path segments of the catalogue: a path under one of them is "inside the authorized area". */
const AREA_PREFIXES = new Set(
  flattenApps()
    .map((n) => n.path?.split('/')[1])
    .filter((s): s is string => !!s),
);
AREA_PREFIXES.add('layout');

export function isAreaPath(pathname: string): boolean {
  return pathname === '/' || AREA_PREFIXES.has(pathname.split('/')[1] ?? '');
}

const NOT_RESUMABLE = ['/login', '/404', '/layout/reload'];

/**
 * Binds the router to the API client: redirects from non-React code, and SPEC §4 "later
 * navigations cancel pending requests". The abort runs in a layout effect so it happens before the
 * new page's queries start (they start in passive effects).
 */
function NavigationBridge(): null {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const setLastRoute = useAppStore((s) => s.setLastRoute);
  const previous = useRef(pathname);
  useEffect(() => {
    bindNavigator((to) => void navigate(to));
    return () => bindNavigator(null);
  }, [navigate]);
  useLayoutEffect(() => {
    if (previous.current !== pathname) {
      previous.current = pathname;
      abortPendingRequests();
    }
    if (pathname !== '/' && !NOT_RESUMABLE.some((p) => pathname.startsWith(p))) setLastRoute(pathname + search);
  }, [pathname, search, setLastRoute]);
  return null;
}

/** Without a session: area paths go to sign-in (SPEC §2 startup), anything else is a 404. */
function Authorized(): ReactElement {
  const token = useAppStore((s) => s.token);
  const { pathname } = useLocation();
  if (token)
    return (
      <Suspense fallback={<PageSpin full />}>
        <SessionGate />
      </Suspense>
    );
  if (isAreaPath(pathname)) return <Navigate to="/login/tenant" replace />;
  return <NotFoundPage />;
}

function RequireToken({ children }: { children: ReactElement }): ReactElement {
  const token = useAppStore((s) => s.token);
  return token ? children : <Navigate to="/login/tenant" replace />;
}

export function AppRoutes(): ReactElement {
  return (
    <>
      <NavigationBridge />
      <Routes>
        <Route path="/login" element={<Navigate to="/login/tenant" replace />} />
        <Route path="/login/tenant" element={<LoginPage />} />
        <Route
          path="/login/change-password"
          element={
            <RequireToken>
              <ChangePasswordPage />
            </RequireToken>
          }
        />
        <Route path="/404" element={<NotFoundPage />} />
        <Route path="*" element={<Authorized />} />
      </Routes>
    </>
  );
}
