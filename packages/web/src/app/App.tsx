import { useEffect, type ReactElement } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { applyLocale } from './i18n/locales';
import { queryClient } from './queryClient';
import { AppRoutes } from './routes/AppRoutes';
import { useAppStore } from './stores/appStore';

/**
 * The root: query client and router only. antd and its providers come with the lazy chunks of
 * the screens that use them (AntdProviders), so the sign-in page loads without them.
 */
export function App(): ReactElement {
  const locale = useAppStore((s) => s.locale);
  // Normally a no-op (changeLocale applied it before storing it); keeps i18next in step otherwise.
  useEffect(() => void applyLocale(locale), [locale]);
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </QueryClientProvider>
  );
}
