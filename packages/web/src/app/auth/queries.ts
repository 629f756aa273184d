import { useQuery, type QueryClient, type UseQueryResult } from '@tanstack/react-query';
import { AccountType, LOCALE_CODES, type Locale } from '@farmsense/shared';
import { sessionApi } from '../api/sessionApi';
import type { AppConfig, AppTreeNode, ParamRow, UserInfo } from '../api/types';
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

/**
 * Area codes, farm list and account list into the session state. Farms and accounts belong to a
 * tenant, so the platform back office (no tenant) does not ask; one failing list does not block
 * the others.
 */
export async function loadSessionLists(accountType: number | undefined): Promise<true> {
  const tenantLists = accountType !== AccountType.PLATFORM;
  const [areaCodes, farms, accounts] = await Promise.allSettled([
    sessionApi.areaCode(),
    tenantLists ? sessionApi.farmList() : Promise.resolve([]),
    tenantLists ? sessionApi.queryAllAccount() : Promise.resolve([]),
  ]);
  appState().setSessionLists({
    ...(areaCodes.status === 'fulfilled' ? { areaCodes: areaCodes.value } : {}),
    ...(farms.status === 'fulfilled' ? { farms: farms.value } : {}),
    ...(accounts.status === 'fulfilled' ? { accounts: accounts.value } : {}),
  });
  return true;
}

/** The background refresh of the session lists, shared by the shell and the pages that read them. */
export function useSessionLists(): UseQueryResult<true> {
  const user = useAppStore((s) => s.userInfo);
  return useQuery({
    queryKey: QK.sessionLists,
    queryFn: () => loadSessionLists(user?.accountType),
    // Not while a forced password change is pending: the server refuses tenant data until then.
    enabled: !!user && !user.mustChangePassword,
    staleTime: 5 * 60_000,
  });
}

/**
 * SPEC §4: on leaving the login page the console loads area codes, user info, farm list and
 * account list into the session state. The caches are seeded so the shell does not ask again.
 */
export async function loadSessionData(client: QueryClient): Promise<void> {
  const info = await sessionApi.getUserInfo();
  appState().setUserInfo(info);
  client.setQueryData(QK.userInfo, info);
  await loadSessionLists(info.accountType);
  client.setQueryData(QK.sessionLists, true);
}
