import { describe, expect, it } from 'vitest';
import { DATA_SCREEN_PATH, pickLandingPath } from './RootRedirect';

const routes = [
  { code: 'pig.overview.shed', path: '/pig/overview/shed', fullscreen: false },
  { code: 'pig.databoard.farm', path: DATA_SCREEN_PATH, fullscreen: false },
  { code: 'reports.a', path: '/reports/a', fullscreen: false },
];

describe('landing page of "/"', () => {
  it('resumes the page of an ended session when it is still permitted', () => {
    expect(pickLandingPath({ routes, firstPath: '/pig/overview/shed', accountType: 1, resume: '/reports/a?x=1' })).toBe('/reports/a?x=1');
    expect(pickLandingPath({ routes, firstPath: '/pig/overview/shed', accountType: 1, resume: '/gone' })).toBe('/pig/overview/shed');
  });

  it('sends account type 100 to the pig data screen when permitted', () => {
    expect(pickLandingPath({ routes, firstPath: '/pig/overview/shed', accountType: 100, defaultPath: '/reports/a' })).toBe(
      DATA_SCREEN_PATH,
    );
    expect(pickLandingPath({ routes: routes.slice(0, 1), firstPath: '/pig/overview/shed', accountType: 100 })).toBe('/pig/overview/shed');
  });

  it('uses the default module when this build has it, else the first menu page', () => {
    expect(pickLandingPath({ routes, firstPath: '/pig/overview/shed', accountType: 1, defaultPath: '/reports/a' })).toBe('/reports/a');
    expect(pickLandingPath({ routes, firstPath: '/pig/overview/shed', accountType: 1, defaultPath: '/group/overview' })).toBe(
      '/pig/overview/shed',
    );
    expect(pickLandingPath({ routes: [], firstPath: null, accountType: 2 })).toBeNull();
  });
});
