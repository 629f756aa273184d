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
