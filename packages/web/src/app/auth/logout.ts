import { sessionApi } from '../api/sessionApi';
import { appState } from '../stores/appStore';
import { setFlash } from './sessionFlags';

/**
 * SPEC §4 logout: revoke the token, reset the stored state except language and whole-farm type,
 * go back to the login page and reload so no in-memory state survives. The "logged out" toast is
 * handed over the reload through sessionStorage and shown by the login page.
 */
export async function logout(reload: (to: string) => void = (to) => window.location.assign(to)): Promise<void> {
  try {
    if (appState().token) await sessionApi.doLogout();
  } catch {
    // A dead or revoked session still ends locally.
  }
  appState().resetForLogout();
  setFlash('loggedOut');
  reload('/login/tenant');
}
