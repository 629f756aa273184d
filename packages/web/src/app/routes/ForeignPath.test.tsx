import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { SessionContext, type SessionValue } from '../auth/sessionContext';
import { tk } from '../i18n/i18n';
import { switchFarmMode } from '../menu/farmMode';
import { buildMenuModel } from '../menu/menuModel';
import { useAppStore } from '../stores/appStore';
import { mockApi, renderWithApp, SLOW } from '../../test/mockApi';
import { DEMO_USER, signedInEach, treeLeaf } from '../../test/session';
import { ForeignPath } from './ForeignPath';
import { ROUTE_REGISTRY } from './registry';

const PIG_TREE = [treeLeaf('pig.overview.shed', '/pig/overview/shed', 'pig')];
const POULTRY_TREE = [treeLeaf('ci18.overview.shed', '/ci18/overview/shed', 'chicken')];

function session(switchable: boolean, mode: 1 | 2): SessionValue {
  return {
    userInfo: { ...DEMO_USER, loginFarmType: switchable ? 'all' : 'pig' },
    farmMode: { wholeFarmType: mode, switchable },
    model: buildMenuModel(mode === 1 ? PIG_TREE : POULTRY_TREE, ROUTE_REGISTRY, mode),
  };
}

function renderAt(path: string, switchable: boolean, mode: 1 | 2 = 1): void {
  renderWithApp(
    <SessionContext.Provider value={session(switchable, mode)}>
      <Routes>
        <Route path="/404" element={<div>not found</div>} />
        <Route path="*" element={<ForeignPath />} />
      </Routes>
    </SessionContext.Provider>,
    path,
  );
}

signedInEach({ wholeFarmType: 1 });

describe('a deep link outside the current farm mode', () => {
  it('switches to poultry mode when the account holds the poultry page', async () => {
    const calls = mockApi({ 'POST /breedpigbuilding/applicationInfo/roleApplicationTree2': { data: POULTRY_TREE } });
    renderAt('/ci18/overview/shed', true);
    await waitFor(() => expect(useAppStore.getState().wholeFarmType).toBe(2), SLOW);
    expect(calls.map((c) => c.body)).toContainEqual({ wholeFarmType: 2 });
  });

  it('shows "no permission" when the account holds the page in neither mode', async () => {
    mockApi({ 'POST /breedpigbuilding/applicationInfo/roleApplicationTree2': { data: [] } });
    renderAt('/ci18/overview/shed', true);
    expect(await screen.findByText(tk('shell.noPermission.title'), {}, SLOW)).toBeTruthy();
    expect(useAppStore.getState().wholeFarmType).toBe(1);
  });

  it('shows "no permission" without asking when the account cannot switch modes', async () => {
    const calls = mockApi({});
    renderAt('/ci18/overview/shed', false);
    expect(await screen.findByText(tk('shell.noPermission.title'), {}, SLOW)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('is a 404 for a path that is no page of the console', async () => {
    renderAt('/no/such/page', true);
    expect(await screen.findByText('not found', {}, SLOW)).toBeTruthy();
  });
});

// Last in the file: the switch flag lasts until the page unloads, as in the console.
describe('the top bar switching the mode', () => {
  it('leaves the old mode’s page without switching back while the console reloads', async () => {
    const calls = mockApi({ 'POST /breedpigbuilding/applicationInfo/roleApplicationTree2': { data: PIG_TREE } });
    // Poultry chosen on a pig page: the routes are poultry's before the reload unloads the page.
    switchFarmMode(2, () => undefined);
    renderAt('/pig/overview/shed', true, 2);
    // The pig tree arrives (a deep link switches to pig here); the pending switch wins.
    await waitFor(() => expect(calls.map((c) => c.body)).toContainEqual({ wholeFarmType: 1 }), SLOW);
    await new Promise((r) => setTimeout(r, 50));
    expect(useAppStore.getState().wholeFarmType).toBe(2);
    expect(JSON.parse(localStorage.getItem('farmsense.app')!).state.wholeFarmType).toBe(2);
  });
});
