import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE, LOCALES } from '@farmsense/shared';
import { i18n, menuLabel, tk } from './i18n';

afterEach(() => i18n.changeLanguage(DEFAULT_LOCALE));

/** An empty list names the button that fills it: [empty text, the add button it points to]. */
const NEXT_STEP: [string, string][] = [
  ['alarms.groups.empty', 'alarms.groups.add'],
  ['alarms.rules.empty', 'alarms.rules.add'],
  ['alarms.pushConfig.strategy.empty', 'alarms.pushConfig.strategy.add'],
  ['alarms.pushConfig.phone.empty', 'alarms.pushConfig.phone.add'],
  ['production.flock.empty', 'production.flock.add'],
  ['production.quick.empty', 'production.flock.add'],
  ['devices.table.empty', 'devices.actions.add'],
  ['devices.page4008.empty', 'devices.actions.add'],
  ['devices.network.empty', 'devices.network.add'],
];

describe('empty lists say what to do next', () => {
  it.each([...LOCALES])('names the add button in %s', async (locale) => {
    await i18n.changeLanguage(locale);
    for (const [empty, add] of NEXT_STEP) expect(tk(empty), empty).toContain(tk(add));
    expect(tk('silos.status.empty')).toContain(menuLabel('weight.bind'));
  });
});
