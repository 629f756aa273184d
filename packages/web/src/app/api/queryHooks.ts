import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryKey,
  type UseMutationResult,
  type UseQueryResult,
} from '@tanstack/react-query';

/**
 * The two query shapes every feature's api.ts repeats: a list or chart that keeps its previous
 * answer while the next loads, and a write that reloads the lists showing what it changed.
 */

/** A query whose previous answer stays on screen while the next one loads (a list page, a chart). */
export function useSteadyQuery<T>(
  queryKey: QueryKey,
  load: (signal: AbortSignal) => Promise<T>,
  options: { enabled?: boolean; staleTime?: number } = {},
): UseQueryResult<T> {
  return useQuery({ queryKey, queryFn: ({ signal }) => load(signal), placeholderData: keepPreviousData, ...options });
}

/**
 * A write that marks everything under `keys` stale once it succeeded (shown screens reload). The
 * mutation settles only after that, so a dialog closing on success already shows the new list.
 * Failures were told by the API client, or come back to the form as field issues.
 */
export function useRefreshingMutation<V, R>(fn: (v: V) => Promise<R>, keys: readonly QueryKey[]): UseMutationResult<R, unknown, V> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
    },
  });
}

/** A feature's writes that all refresh the same lists: `const write = refreshingWrites(KEYS)`, then one hook per call. */
export function refreshingWrites(keys: readonly QueryKey[]): <V, R>(fn: (v: V) => Promise<R>) => () => UseMutationResult<R, unknown, V> {
  return (fn) =>
    function useWrite() {
      return useRefreshingMutation(fn, keys);
    };
}
