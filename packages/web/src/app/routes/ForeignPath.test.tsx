import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { SessionContext, type SessionValue } from '../auth/sessionContext';
import { tk } from '../i18n/i18n';
import { buildMenuModel } from '../menu/menuModel';
import { useAppStore } from '../stores/appStore';
import { mockApi, renderWithApp, SLOW } from '../../test/mockApi';
import { DEMO_USER, signedInEach, treeLeaf } from '../../test/session';
import { ForeignPath } from './ForeignPath';
import { ROUTE_REGISTRY } from './registry';

const PIG_TREE = [treeLeaf('pig.overview.shed', '/pig/overview/shed', 'pig')];
const POULTRY_TREE = [treeLeaf('ci18.overview.shed', '/ci18/overview/shed', 'chicken')];

function session(switchable: boolean): SessionValue {
  return {
    userInfo: { ...DEMO_USER, loginFarmType: switchable ? 'all' : 'pig' },
    farmMode: { wholeFarmType: 1, switchable },
    model: buildMenuModel(PIG_TREE, ROUTE_REGISTRY, 1),
  };
}

function renderAt(path: string, switchable: boolean): void {
  renderWithApp(
    <SessionContext.Provider value={session(switchable)}>
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
