import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { DEFAULT_LOCALE, WholeFarmType, type LoginFarmType, type Locale } from '@farmsense/shared';
import type { UserInfo } from '../api/types';

export type WholeFarmTypeValue = (typeof WholeFarmType)[keyof typeof WholeFarmType];

/**
 * Client state of the console. SPEC §2: "all application state is saved locally when the page is
 * closed and restored at startup", so the whole store is persisted to localStorage. Server data
 * that pages read live (sheds, readings) stays in TanStack Query, not here; only the session's
 * reference lists (SPEC §3 "session user state") are kept so the shell renders at once on reload.
 */
export interface AppData {
  token: string | null;
  locale: Locale;
  /** The user picked `locale` (else it follows the browser's languages at each start, firstVisit.ts). */
  localeChosen: boolean;
  loginFarmType: LoginFarmType | null;
  wholeFarmType: WholeFarmTypeValue;
  userInfo: UserInfo | null;
  menuCollapsed: boolean;
  openMenuKeys: string[];
  lastRoute: string | null;
  /** Farm chosen on farm-scoped pages, per farm type (1 pig, 2 poultry). */
  selectedFarms: Record<string, number>;
}

export interface AppActions {
  setToken: (token: string | null) => void;
  /** The user's choice of language: kept, and wins over the browser's languages afterwards. */
  setLocale: (locale: Locale) => void;
  setWholeFarmType: (type: WholeFarmTypeValue) => void;
  setUserInfo: (info: UserInfo) => void;
  setMenuCollapsed: (collapsed: boolean) => void;
  setOpenMenuKeys: (keys: string[]) => void;
  setLastRoute: (route: string) => void;
  selectFarm: (farmType: number, farmId: number) => void;
  /** Session ended by the server (token invalid): only the token goes, the rest helps re-login. */
  clearToken: () => void;
  /** Logout: everything goes except the language and the whole-farm-type choice (SPEC §4). */
  resetForLogout: () => void;
}

export type AppStore = AppData & AppActions;

export const STORE_KEY = 'farmsense.app';

export const INITIAL_DATA: AppData = {
  token: null,
  locale: DEFAULT_LOCALE,
  localeChosen: false,
  loginFarmType: null,
  wholeFarmType: WholeFarmType.PIG,
  userInfo: null,
  menuCollapsed: false,
  openMenuKeys: [],
  lastRoute: null,
  selectedFarms: {},
};

/** Stored state of an older version, brought up to the current one. */
export function migrateStored(persisted: unknown, version: number): AppData {
  const stored: object = typeof persisted === 'object' && persisted !== null ? persisted : {};
  // Version 1 had no localeChosen: a language stored then counts as the user's choice.
  const chosen = version < 2 && 'locale' in stored;
  return { ...INITIAL_DATA, ...stored, ...(chosen ? { localeChosen: true } : {}) };
}

export const useAppStore = create<AppStore>()(
  persist(
    (set) => ({
      ...INITIAL_DATA,
      setToken: (token) => set({ token }),
      setLocale: (locale) => set({ locale, localeChosen: true }),
      setWholeFarmType: (wholeFarmType) => set({ wholeFarmType }),
      setUserInfo: (userInfo) => set({ userInfo, loginFarmType: userInfo.loginFarmType }),
      setMenuCollapsed: (menuCollapsed) => set({ menuCollapsed }),
      setOpenMenuKeys: (openMenuKeys) => set({ openMenuKeys }),
      setLastRoute: (lastRoute) => set({ lastRoute }),
      selectFarm: (farmType, farmId) => set((s) => ({ selectedFarms: { ...s.selectedFarms, [String(farmType)]: farmId } })),
      clearToken: () => set({ token: null }),
      resetForLogout: () =>
        set((s) => ({ ...INITIAL_DATA, locale: s.locale, localeChosen: s.localeChosen, wholeFarmType: s.wholeFarmType })),
    }),
    {
      name: STORE_KEY,
      version: 2,
      migrate: (persisted, version) => migrateStored(persisted, version),
      storage: createJSONStorage(() => localStorage),
      partialize: (s): AppData => ({
        token: s.token,
        locale: s.locale,
        localeChosen: s.localeChosen,
        loginFarmType: s.loginFarmType,
        wholeFarmType: s.wholeFarmType,
        userInfo: s.userInfo,
        menuCollapsed: s.menuCollapsed,
        openMenuKeys: s.openMenuKeys,
        lastRoute: s.lastRoute,
        selectedFarms: s.selectedFarms,
      }),
    },
  ),
);

/** Reads outside React (API client, bootstrap code). */
export function appState(): AppStore {
  return useAppStore.getState();
}
