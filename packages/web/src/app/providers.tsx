import { useEffect, type ReactElement, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { TOAST } from '@farmsense/shared';
import { bindToasts } from './api/toast';
import { antdLocale } from './i18n/locales';
import { queryClient as defaultClient } from './queryClient';
import { useAppStore } from './stores/appStore';
import { THEME } from './theme/theme';
import { useScreenBand } from '../ui/useScreenBand';

/** Routes the API client's toasts through antd's App context so they use the theme. */
function ToastBinder(): null {
  const { message } = AntApp.useApp();
  useEffect(() => {
    bindToasts(message);
    return () => bindToasts(null);
  }, [message]);
  return null;
}

/**
 * antd's theme, texts and toasts for the screens built with antd (the console, change password,
 * not found). The sign-in page does without antd (bench/web.bench.ts: its 200 KB budget), so these
 * providers load with the lazy chunks that need them (routes/antdAreas.tsx), not at the root.
 */
export function AntdProviders({ children }: { children: ReactNode }): ReactElement {
  const locale = useAppStore((s) => s.locale);
  const band = useScreenBand();
  return (
    // No auto space inside two-character Chinese button labels: accessible names stay the plain words.
    <ConfigProvider
      theme={THEME}
      locale={antdLocale(locale)}
      componentSize={band === 'small' ? 'large' : 'middle'}
      button={{ autoInsertSpace: false }}
    >
      <AntApp message={{ top: TOAST.top, duration: TOAST.durationSeconds, maxCount: TOAST.maxCount }}>
        <ToastBinder />
        {children}
      </AntApp>
    </ConfigProvider>
  );
}

/** Everything a screen of the console renders inside (component tests use it as their wrapper). */
export function AppProviders({ children, client = defaultClient }: { children: ReactElement; client?: QueryClient }): ReactElement {
  return (
    <AntdProviders>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </AntdProviders>
  );
}
