import { afterEach, beforeEach, vi } from 'vitest';
import type { QueryClient } from '@tanstack/react-query';
import type { AccountOption, AppTreeNode, AreaCode, FarmInfo, UserInfo } from '../app/api/types';
import { LIST_KEYS } from '../app/auth/queries';
import { i18n } from '../app/i18n/i18n';
import { INITIAL_DATA, useAppStore, type AppData } from '../app/stores/appStore';

/** The demo farms most component tests choose from. */
export const PIG_FARM: FarmInfo = { id: 1, farmId: 1, farmName: 'Demo Pig Farm', type: 1, scale: 3, timeZone: 'Asia/Shanghai' };
export const POULTRY_FARM: FarmInfo = { id: 2, farmId: 2, farmName: 'Demo Poultry Farm', type: 2, scale: 6, timeZone: 'Asia/Shanghai' };

/** The signed-in user of store and session tests (holds both farm modes). */
export const DEMO_USER: UserInfo = {
  id: 7,
  accountName: 'Demo',
  accountCode: 'demo',
  phoneNo: '+86 138',
  email: null,
  accountType: 1,
  tenantId: 1,
  tenantName: 'Demo Agri',
  mustChangePassword: false,
  hasSecurePassword: true,
  farms: [{ id: 1, farmName: 'Pig farm', type: 1 }],
  loginFarmType: 'all',
};

/** One page of a permission tree as roleApplicationTree2 answers it. */
export function treeLeaf(code: string, path: string, fun: AppTreeNode['applicationFunType']): AppTreeNode {
  return {
    applicationInfoId: 1,
    applicationCode: code,
    applicationFunType: fun,
    seqNo: 10,
    path,
    index: true,
    scope: 'farm',
    children: [],
  };
}

/** The session's reference lists a test starts with (server data: seeded into the query cache). */
export interface SessionLists {
  farms?: FarmInfo[];
  accounts?: AccountOption[];
  areaCodes?: AreaCode[];
}

let lists: SessionLists = {};

/** Changes the session lists for the rest of one test (before it renders). */
export function withSessionLists(change: SessionLists): void {
  lists = { ...lists, ...change };
}

/** Puts the test's session lists into a fresh query client (renderWithApp does it). */
export function seedSessionLists(client: QueryClient): void {
  for (const name of ['farms', 'accounts', 'areaCodes'] as const) {
    const data = lists[name];
    if (data) client.setQueryData(LIST_KEYS[name], data);
  }
}

/**
 * Every test of the file starts signed in (token `tok`) in English, with `state` over the initial
 * store (the user, the farm mode…) and the session lists it names (farms, accounts, area codes),
 * and ends with the mocked API (`mockApi`) taken away.
 */
export function signedInEach(state: Partial<AppData> & SessionLists = {}): void {
  beforeEach(async () => {
    const { farms, accounts, areaCodes, ...store } = state;
    lists = { farms, accounts, areaCodes };
    useAppStore.setState({ ...INITIAL_DATA, locale: 'en-us', token: 'tok', ...store });
    await i18n.changeLanguage('en-us');
  });
  afterEach(() => vi.unstubAllGlobals());
}
