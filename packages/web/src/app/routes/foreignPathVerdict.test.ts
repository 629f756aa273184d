import { describe, expect, it } from 'vitest';
import type { AppTreeNode } from '../api/types';
import { treeLeaf } from '../../test/session';
import { isConsolePage, judgeForeignPath, otherFarmMode, pagePath } from './foreignPathVerdict';

/** The poultry tree of an account holding the poultry shed overview only. */
const poultry: AppTreeNode[] = [treeLeaf('ci18.overview.shed', '/ci18/overview/shed', 'chicken')];
const pages = { 'ci18.overview.shed': {}, 'ci18.overview.video': {}, 'pig.overview.shed': {} };

describe('a path outside the routes of the current farm mode', () => {
  it('switches the mode when the account holds the page in the other mode', () => {
    expect(judgeForeignPath('/ci18/overview/shed', pages, { mode: 2, tree: poultry })).toBe('switch');
    expect(judgeForeignPath('/ci18/overview/shed/', pages, { mode: 2, tree: poultry })).toBe('switch');
  });

  it('is "no permission" for a page of the console the account does not hold in either mode', () => {
    expect(judgeForeignPath('/ci18/overview/video', pages, { mode: 2, tree: poultry })).toBe('forbidden');
    // An account that cannot switch (one farm type only) holds no other mode.
    expect(judgeForeignPath('/ci18/overview/shed', pages, null)).toBe('forbidden');
    // The tree holds it, but only for poultry mode: a pig tree does not route it.
    expect(judgeForeignPath('/ci18/overview/shed', pages, { mode: 1, tree: poultry })).toBe('forbidden');
  });

  it('is a 404 when no page of the console has that path, or this build lacks the page', () => {
    expect(judgeForeignPath('/no/such/page', pages, { mode: 2, tree: poultry })).toBe('notFound');
    expect(judgeForeignPath('/ci18/overview/shed', {}, { mode: 2, tree: poultry })).toBe('notFound');
    expect(isConsolePage('/pig/overview/shed', pages)).toBe(true);
  });

  it('normalises trailing slashes and names the other mode', () => {
    expect(pagePath('/a/b//')).toBe('/a/b');
    expect(pagePath('/')).toBe('/');
    expect(otherFarmMode(1)).toBe(2);
    expect(otherFarmMode(2)).toBe(1);
  });
});
