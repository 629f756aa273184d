import { QueryClient } from '@tanstack/react-query';

/**
 * Server state. No automatic retries: the API client already told the user about a failure, and
 * repeating a refused call would repeat the toast. Farm screens stay open for hours, so data is
 * refreshed on mount and by explicit actions rather than on every window focus.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
