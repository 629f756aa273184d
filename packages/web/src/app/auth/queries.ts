import { queryOptions, useQuery, type QueryClient, type UseQueryResult } from '@tanstack/react-query';
import { AccountType, LOCALE_CODES, type Locale } from '@farmsense/shared';
import { sessionApi } from '../api/sessionApi';
import type { AccountOption, AppConfig, AppTreeNode, AreaCode, FarmInfo, ParamRow, UserInfo } from '../api/types';
import { appState, useAppStore, type WholeFarmTypeValue } from '../stores/appStore';

/** Query keys of the session-level server state. */
export const QK = {
  config: ['config'] as const,
  userInfo: ['session', 'userInfo'] as const,
  tree: (mode: number) => ['session', 'appTree', mode] as const,
  logo: ['session', 'logo'] as const,
  defaultModule: (account: string) => ['session', 'defaultModule', account] as const,
  systemAuth: ['session', 'systemAuth'] as const,
  sessionLists: ['session', 'lists'] as const,
};

export function useConfig(): UseQueryResult<AppConfig> {
  return useQuery({ queryKey: QK.config, queryFn: sessionApi.getConfig, staleTime: Infinity });
}

/** Refreshes the account (mustChangePassword, safe code flag, farms) and keeps the stored copy current. */
export function useUserInfo(enabled: boolean): UseQueryResult<UserInfo> {
  const stored = useAppStore((s) => s.userInfo);
  return useQuery({
    queryKey: QK.userInfo,
    queryFn: async () => {
      const info = await sessionApi.getUserInfo();
      appState().setUserInfo(info);
      return info;
    },
    enabled,
    placeholderData: stored ?? undefined,
    staleTime: 60_000,
  });
}

export function useAppTree(mode: WholeFarmTypeValue, enabled: boolean): UseQueryResult<AppTreeNode[]> {
  return useQuery({ queryKey: QK.tree(mode), queryFn: () => sessionApi.roleApplicationTree2(mode), enabled, staleTime: 5 * 60_000 });
}

export function useLogoRows(enabled: boolean): UseQueryResult<ParamRow[]> {
  return useQuery({ queryKey: QK.logo, queryFn: async () => (await sessionApi.queryLogo()).list, enabled, staleTime: Infinity });
}

/** The LOGO row of a locale: paramCode may be stored as zh-cn or as the SPEC §3 code zhCn. */
export function logoRowFor(rows: ParamRow[] | undefined, locale: Locale): ParamRow | undefined {
  const wanted = [locale, LOCALE_CODES[locale]].map((c) => c.toLowerCase());
  return rows?.find((r) => wanted.includes(r.paramCode.toLowerCase()));
}

/** How long the session's reference lists stay fresh before a page that reads them refetches. */
const LIST_STALE_MS = 5 * 60_000;

/**
 * The session's reference lists (SPEC §3 "session user state"): area codes, the account's farms
 * and the tenant's accounts, as server data in TanStack Query (keys under QK.sessionLists, which
 * every write that changes them invalidates). Farms and accounts belong to a tenant: the platform
 * back office gets empty lists without asking. Not while a forced password change is pending:
 * the server refuses tenant data until then.
 */
/** Query keys of the session's reference lists (tests seed them: test/session.ts). */
export const LIST_KEYS = {
  areaCodes: [...QK.sessionLists, 'areaCodes'] as const,
  farms: [...QK.sessionLists, 'farms'] as const,
  accounts: [...QK.sessionLists, 'accounts'] as const,
};

const tenantOnly =
  <T>(accountType: number | undefined, load: () => Promise<T[]>): (() => Promise<T[]>) =>
  () =>
    accountType === AccountType.PLATFORM ? Promise.resolve([]) : load();

function listQueries(accountType: number | undefined) {
  return {
    areaCodes: queryOptions({ queryKey: LIST_KEYS.areaCodes, queryFn: () => sessionApi.areaCode(), staleTime: LIST_STALE_MS }),
    farms: queryOptions({ queryKey: LIST_KEYS.farms, queryFn: tenantOnly(accountType, sessionApi.farmList), staleTime: LIST_STALE_MS }),
    accounts: queryOptions({
      queryKey: LIST_KEYS.accounts,
      queryFn: tenantOnly(accountType, sessionApi.queryAllAccount),
      staleTime: LIST_STALE_MS,
    }),
  };
}

function useListsAllowed(): { accountType: number | undefined; enabled: boolean } {
  const user = useAppStore((s) => s.userInfo);
  return { accountType: user?.accountType, enabled: !!user && !user.mustChangePassword };
}

/** The farm list of the session (pickers, farm names): pending until it first arrives. */
export function useSessionLists(): UseQueryResult<FarmInfo[]> {
  const { accountType, enabled } = useListsAllowed();
  return useQuery({ ...listQueries(accountType).farms, enabled });
}

const NO_FARMS: FarmInfo[] = [];
const NO_ACCOUNTS: AccountOption[] = [];
const NO_AREA_CODES: AreaCode[] = [];

/** The account's farms (empty until loaded). */
export function useFarms(): FarmInfo[] {
  return useSessionLists().data ?? NO_FARMS;
}

/** The tenant's accounts as picker options (empty until loaded). */
export function useAccountOptions(): AccountOption[] {
  const { accountType, enabled } = useListsAllowed();
  return useQuery({ ...listQueries(accountType).accounts, enabled }).data ?? NO_ACCOUNTS;
}

/** Telephone area codes (empty until loaded). */
export function useAreaCodes(): AreaCode[] {
  const { accountType, enabled } = useListsAllowed();
  return useQuery({ ...listQueries(accountType).areaCodes, enabled }).data ?? NO_AREA_CODES;
}

/**
 * SPEC §4: on leaving the login page the console loads area codes, user info, farm list and
 * account list into the session state. The caches are seeded so the shell does not ask again.
 */
export async function loadSessionData(client: QueryClient): Promise<void> {
  const info = await sessionApi.getUserInfo();
  appState().setUserInfo(info);
  client.setQueryData(QK.userInfo, info);
  // One failing list does not block the others (a page asks again for it).
  const lists = listQueries(info.accountType);
  await Promise.allSettled([client.fetchQuery(lists.areaCodes), client.fetchQuery(lists.farms), client.fetchQuery(lists.accounts)]);
}
