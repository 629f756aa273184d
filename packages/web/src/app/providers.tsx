import { useEffect, type ReactElement, type ReactNode } from 'react';
import { ConfigProvider, message } from 'antd';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { TOAST } from '@farmsense/shared';
import { bindToasts } from './api/toast';
import { antdLocale } from './i18n/locales';
import { queryClient as defaultClient } from './queryClient';
import { useAppStore } from './stores/appStore';
import { THEME } from './theme/theme';
import { useScreenBand } from '../ui/useScreenBand';

/**
 * Routes the API client's toasts through antd's message hook so they use the theme. Only the
 * message part of antd: the app wrapper would also bring modal and notification into every page.
 */
function Toasts(): ReactElement {
  const [api, holder] = message.useMessage({ top: TOAST.top, duration: TOAST.durationSeconds, maxCount: TOAST.maxCount });
  useEffect(() => {
    bindToasts(api);
    return () => bindToasts(null);
  }, [api]);
  return holder;
}

/**
 * antd's theme, texts and toasts for the screens built with antd (the console, change password,
 * not found). The sign-in page does without antd (bench/web.bench.ts: its 200 KB budget), so these
 * providers load with the lazy chunks that need them (routes/antdAreas.tsx), not at the root.
 */
export function AntdProviders({ children }: { children: ReactNode }): ReactElement {
  const locale = useAppStore((s) => s.locale);
  const band = useScreenBand();
  // Confirmations open through Modal's static confirm (ui/useConfirmAction), loaded when first
  // needed; this gives them the console's theme and language.
  useEffect(() => {
    ConfigProvider.config({
      holderRender: (children) => (
        <ConfigProvider theme={THEME} locale={antdLocale(locale)} button={{ autoInsertSpace: false }}>
          {children}
        </ConfigProvider>
      ),
    });
  }, [locale]);
  return (
    // No auto space inside two-character Chinese button labels: accessible names stay the plain words.
    <ConfigProvider
      theme={THEME}
      locale={antdLocale(locale)}
      componentSize={band === 'small' ? 'large' : 'middle'}
      button={{ autoInsertSpace: false }}
    >
      <Toasts />
      {children}
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
