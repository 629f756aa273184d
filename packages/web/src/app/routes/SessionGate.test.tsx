import { describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { menuLabel } from '../i18n/i18n';
import { useAppStore } from '../stores/appStore';
import { mockApi, renderWithApp, SLOW } from '../../test/mockApi';
import { DEMO_USER, signedInEach, treeLeaf } from '../../test/session';
import { SessionGate } from './SessionGate';

const TREES = {
  1: [treeLeaf('pig.overview.shed', '/pig/overview/shed', 'pig')],
  2: [treeLeaf('ci18.overview.shed', '/ci18/overview/shed', 'chicken')],
};

signedInEach({ wholeFarmType: 1 });

describe('the authorized area opened on a deep link of the other farm mode', { timeout: 30_000 }, () => {
  it('switches to poultry mode and routes the poultry page at the same URL', async () => {
    mockApi({
      'GET /breedpigaccount/login/getUserInfo': { data: DEMO_USER },
      'POST /breedpigbuilding/applicationInfo/roleApplicationTree2': ({ body }) => ({
        data: TREES[typeof body === 'object' && body !== null && 'wholeFarmType' in body && body.wholeFarmType === 2 ? 2 : 1],
      }),
    });
    renderWithApp(<SessionGate />, '/ci18/overview/shed');
    await waitFor(() => expect(useAppStore.getState().wholeFarmType).toBe(2), SLOW);
    // The shell names the page it routes in the browser tab.
    await waitFor(() => expect(document.title.startsWith(menuLabel('ci18.overview.shed'))).toBe(true), SLOW);
  });
});
