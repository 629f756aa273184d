import { describe, expect, it, vi } from 'vitest';
import { resolveFarmMode, switchFarmMode, farmTypeOfMode } from './farmMode';
import { useAppStore } from '../stores/appStore';

describe('farm mode (SPEC §4)', () => {
  it('pig-only accounts are in pig mode and cannot switch', () => {
    expect(resolveFarmMode('pig', 2)).toEqual({ wholeFarmType: 1, switchable: false });
  });

  it('chicken-only accounts are in chicken mode and cannot switch', () => {
    expect(resolveFarmMode('chicken', 1)).toEqual({ wholeFarmType: 2, switchable: false });
  });

  it('accounts holding both choose, pig by default, and keep their choice', () => {
    expect(resolveFarmMode('all', undefined)).toEqual({ wholeFarmType: 1, switchable: true });
    expect(resolveFarmMode('all', 1)).toEqual({ wholeFarmType: 1, switchable: true });
    expect(resolveFarmMode('all', 2)).toEqual({ wholeFarmType: 2, switchable: true });
  });

  it('an unknown account falls back to pig mode', () => {
    expect(resolveFarmMode(null, 2)).toEqual({ wholeFarmType: 1, switchable: false });
  });

  it('maps the mode to the farm type it shows', () => {
    expect(farmTypeOfMode(1)).toBe(1);
    expect(farmTypeOfMode(2)).toBe(2);
  });

  it('switching stores the choice and reloads at the root', () => {
    const reload = vi.fn();
    switchFarmMode(2, reload);
    expect(useAppStore.getState().wholeFarmType).toBe(2);
    expect(JSON.parse(localStorage.getItem('farmsense.app')!).state.wholeFarmType).toBe(2);
    expect(reload).toHaveBeenCalledWith('/');
  });
});
