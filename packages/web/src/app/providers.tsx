import { useEffect, type ReactElement, type ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { TOAST } from '@farmsense/shared';
import { bindToasts, type ToastApi } from './api/toast';
import { lazyParts } from './lazyParts';
import { antdLocale } from './i18n/locales';
import { queryClient as defaultClient } from './queryClient';
import { useAppStore } from './stores/appStore';
import { STILL_THEME, THEME } from './theme/theme';
import { useReducedMotion } from '../ui/useReducedMotion';
import { useScreenBand } from '../ui/useScreenBand';

let antdMessage: Promise<MessageInstance> | null = null;

/**
 * antd's message toasts, loaded with the first toast (most screens show none before the user acts):
 * its static API renders through the holder ConfigProvider.config sets below, so toasts follow
 * the theme and language like the confirmations.
 */
function loadMessage(): Promise<MessageInstance> {
  antdMessage ??= import('antd/es/message').then(({ default: message }) => {
    message.config({ top: TOAST.top, duration: TOAST.durationSeconds, maxCount: TOAST.maxCount });
    return message;
  });
  lazyParts.message = antdMessage;
  return antdMessage;
}

const ANTD_TOASTS: ToastApi = {
  success: (text) => void loadMessage().then((m) => m.success(text)),
  error: (text) => void loadMessage().then((m) => m.error(text)),
  warning: (text) => void loadMessage().then((m) => m.warning(text)),
  info: (text) => void loadMessage().then((m) => m.info(text)),
};

/** Routes the API client's toasts through antd's message while antd screens are shown. */
function Toasts(): null {
  useEffect(() => {
    bindToasts(ANTD_TOASTS);
    return () => bindToasts(null);
  }, []);
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
  // antd's own transitions and pulsing badges stop too when the system asks for reduced motion.
  const theme = useReducedMotion() ? STILL_THEME : THEME;
  // Confirmations open through Modal's static confirm (ui/useConfirmAction), loaded when first
  // needed; this gives them the console's theme and language.
  useEffect(() => {
    ConfigProvider.config({
      holderRender: (children) => (
        <ConfigProvider theme={theme} locale={antdLocale(locale)} button={{ autoInsertSpace: false }}>
          {children}
        </ConfigProvider>
      ),
    });
  }, [locale, theme]);
  return (
    // No auto space inside two-character Chinese button labels: accessible names stay the plain words.
    <ConfigProvider
      theme={theme}
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
