import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { LiveAlarm } from '@farmsense/shared';

/**
 * Browser notifications for open consoles (issue 13): when the live stream raises an alarm, a
 * system notification (Notification API) if the user turned them on in the bell's popover. The
 * choice is this browser's, kept in localStorage; the browser's own permission is asked when it is
 * turned on and checked again before each notification (a permission withdrawn in the browser's
 * settings silences them without touching the choice).
 */
interface DesktopAlertsState {
  enabled: boolean;
  setEnabled: (on: boolean) => void;
}

export const useDesktopAlerts = create<DesktopAlertsState>()(
  persist((set) => ({ enabled: false, setEnabled: (enabled) => set({ enabled }) }), {
    name: 'farmsense.alarmNotifications',
    storage: createJSONStorage(() => localStorage),
    partialize: (s) => ({ enabled: s.enabled }),
  }),
);

/** What the browser allows: no API at all (an old or embedded browser), or its permission. */
export type DesktopPermission = NotificationPermission | 'unsupported';

export function desktopPermission(): DesktopPermission {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/** Turns them on (asking the browser when it has not been asked) or off; answers the permission. */
export async function switchDesktopAlerts(on: boolean): Promise<DesktopPermission> {
  const { setEnabled } = useDesktopAlerts.getState();
  if (!on) {
    setEnabled(false);
    return desktopPermission();
  }
  let permission = desktopPermission();
  if (permission === 'default') permission = await Notification.requestPermission();
  setEnabled(permission === 'granted');
  return permission;
}

/**
 * One notification for a newly raised alarm, when turned on and allowed. The tag is the alarm's,
 * so several open consoles of one browser show it once. A click brings this window forward and
 * runs `open` (the records of the alarm's shed).
 */
export function notifyRaised(a: LiveAlarm, text: { title: string; body: string }, open: () => void): Notification | null {
  if (a.change !== 'raised' || !useDesktopAlerts.getState().enabled || desktopPermission() !== 'granted') return null;
  const n = new Notification(text.title, { body: text.body, tag: `alarm-${a.id}` });
  n.onclick = () => {
    window.focus();
    open();
    n.close();
  };
  return n;
}
