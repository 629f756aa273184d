import { WholeFarmType, type LoginFarmType } from '@farmsense/shared';
import { appState, type WholeFarmTypeValue } from '../stores/appStore';

/**
 * SPEC §4 farm mode. The server derives loginFarmType from the permission tree (pig codes only ->
 * pig, chicken only -> chicken, both -> all); the console turns it into the whole-farm type the
 * menu is built for. Only "all" accounts choose, and their choice (default pig) is remembered.
 */
export interface FarmModeState {
  wholeFarmType: WholeFarmTypeValue;
  switchable: boolean;
}

export function resolveFarmMode(
  loginFarmType: LoginFarmType | null | undefined,
  stored: WholeFarmTypeValue | null | undefined,
): FarmModeState {
  if (loginFarmType === 'chicken') return { wholeFarmType: WholeFarmType.CHICKEN, switchable: false };
  if (loginFarmType === 'all') {
    const chosen = stored === WholeFarmType.CHICKEN ? WholeFarmType.CHICKEN : WholeFarmType.PIG;
    return { wholeFarmType: chosen, switchable: true };
  }
  return { wholeFarmType: WholeFarmType.PIG, switchable: false };
}

/** Farm type (1 pig farm, 2 poultry farm) shown in a whole-farm mode. */
export function farmTypeOfMode(mode: WholeFarmTypeValue): number {
  return mode === WholeFarmType.CHICKEN ? 2 : 1;
}

let switching = false;

/**
 * Changing the mode rebuilds menu and routes from scratch: store it and reload at the root. Until
 * the reload has unloaded this page, the page still open is a path of the old mode, which the new
 * mode's routes see as foreign: `modeSwitchPending()` keeps ForeignPath from switching back.
 */
export function switchFarmMode(type: WholeFarmTypeValue, reload: (to: string) => void = (to) => window.location.assign(to)): void {
  switching = true;
  appState().setWholeFarmType(type);
  reload('/');
}

/** A mode switch has been stored and the reload is under way (the flag ends with the page). */
export function modeSwitchPending(): boolean {
  return switching;
}
