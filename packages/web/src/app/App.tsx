import { useEffect, type ReactElement } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { TOAST } from '@farmsense/shared';
import { bindToasts } from './api/toast';
import { antdLocale, applyLocale } from './i18n/locales';
import { queryClient as defaultClient } from './queryClient';
import { AppRoutes } from './routes/AppRoutes';
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

export function AppProviders({ children, client = defaultClient }: { children: ReactElement; client?: QueryClient }): ReactElement {
  const locale = useAppStore((s) => s.locale);
  const band = useScreenBand();
  // Normally a no-op (changeLocale applied it before storing it); keeps i18next in step otherwise.
  useEffect(() => void applyLocale(locale), [locale]);
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
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}

export function App(): ReactElement {
  return (
    <AppProviders>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
