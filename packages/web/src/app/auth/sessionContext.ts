import { createContext, useContext } from 'react';
import type { UserInfo } from '../api/types';
import type { FarmModeState } from '../menu/farmMode';
import type { MenuModel } from '../menu/menuModel';

/** What the authorized area knows once the account and its permission tree are loaded. */
export interface SessionValue {
  userInfo: UserInfo;
  farmMode: FarmModeState;
  model: MenuModel;
}

export const SessionContext = createContext<SessionValue | null>(null);

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside the authorized area');
  return value;
}

/**
 * The address of a page the account holds in the current farm mode, or null: a widget of one
 * feature shown elsewhere (the top bar's alarm bell, the alarm colour of the shed cards) asks
 * before calling an endpoint of that page's application code, which would be refused (10009)
 * otherwise. Outside the authorized area (a page rendered alone) nothing is held.
 */
export function useHeldPath(code: string): string | null {
  const value = useContext(SessionContext);
  return value?.model.routes.find((r) => r.code === code)?.path ?? null;
}
