import { beforeEach, describe, expect, it } from 'vitest';
import { INITIAL_DATA, migrateStored, STORE_KEY, useAppStore } from './appStore';
import { DEMO_USER } from '../../test/session';

const user = DEMO_USER;

function stored(): Record<string, unknown> {
  return JSON.parse(localStorage.getItem(STORE_KEY)!).state;
}

beforeEach(() => useAppStore.setState({ ...INITIAL_DATA }));

describe('persisted client state', () => {
  it('saves every change to localStorage', () => {
    useAppStore.getState().setToken('t');
    useAppStore.getState().setUserInfo(user);
    useAppStore.getState().setMenuCollapsed(true);
    expect(stored()).toMatchObject({ token: 't', menuCollapsed: true, loginFarmType: 'all', userInfo: { accountCode: 'demo' } });
  });

  it('logout clears everything except the language and the whole-farm type', () => {
    const s = useAppStore.getState();
    s.setToken('t');
    s.setLocale('ru');
    s.setWholeFarmType(2);
    s.setUserInfo(user);
    s.setMenuCollapsed(true);
    s.setOpenMenuKeys(['pig']);
    s.setLastRoute('/pig/overview/shed');
    s.selectFarm(1, 1);

    useAppStore.getState().resetForLogout();

    const after = useAppStore.getState();
    expect(after.locale).toBe('ru');
    expect(after.wholeFarmType).toBe(2);
    expect(after).toMatchObject({ ...INITIAL_DATA, locale: 'ru', localeChosen: true, wholeFarmType: 2 });
    expect(stored()).toEqual({ ...INITIAL_DATA, locale: 'ru', localeChosen: true, wholeFarmType: 2 });
  });

  it('a session ended by the server only drops the token', () => {
    const s = useAppStore.getState();
    s.setToken('t');
    s.setUserInfo(user);
    s.setLastRoute('/reports/a');
    s.clearToken();
    expect(useAppStore.getState()).toMatchObject({ token: null, lastRoute: '/reports/a', userInfo: { id: 7 } });
  });

  it('a language stored before the choice was recorded (version 1) counts as chosen', () => {
    expect(migrateStored({ locale: 'ru', token: 't' }, 1)).toMatchObject({ locale: 'ru', localeChosen: true, token: 't' });
    expect(migrateStored({ token: 't' }, 1)).toMatchObject({ locale: INITIAL_DATA.locale, localeChosen: false });
    expect(migrateStored({ locale: 'ru', localeChosen: false }, 2)).toMatchObject({ localeChosen: false });
    expect(migrateStored(null, 1)).toEqual(INITIAL_DATA);
  });

  it('choosing a language records the choice', () => {
    expect(useAppStore.getState().localeChosen).toBe(false);
    useAppStore.getState().setLocale('vi');
    expect(stored()).toMatchObject({ locale: 'vi', localeChosen: true });
  });
});
