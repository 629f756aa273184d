import { lazy, Suspense, useEffect, useLayoutEffect, useRef, type ReactElement } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { flattenApps } from '@farmsense/shared';
import { abortPendingRequests, bindNavigator } from '../api/navigation';
import { LoginPage } from '../auth/LoginPage';
import { PlainSpin } from '../auth/plain';
import { loadConsoleNamespaces } from '../i18n/i18n';
import { useAppStore } from '../stores/appStore';

/**
 * Everything built with antd (the console with its session gate, shell, menu and route registry;
 * change password; not found) is a lazy chunk: the sign-in page carries none of it. The console
 * is fetched together with the rest of the catalogue, so the shell never renders before its texts.
 */
const areas = () => import('./antdAreas');
const ConsoleArea = lazy(() => Promise.all([areas(), loadConsoleNamespaces()]).then(([m]) => ({ default: m.ConsoleArea })));
const ChangePasswordPage = lazy(() => areas().then((m) => ({ default: m.ChangePasswordArea })));
const NotFoundPage = lazy(() => areas().then((m) => ({ default: m.NotFoundArea })));

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
  if (token) return <ConsoleArea />;
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
      <Suspense fallback={<PlainSpin />}>
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
      </Suspense>
    </>
  );
}
