import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE } from '@farmsense/shared';
import { i18n } from '../app/i18n/i18n';
import { actionsColumn } from './actionsColumn';

afterEach(() => i18n.changeLanguage(DEFAULT_LOCALE));

describe('actions column', () => {
  it('is pinned right and widened for Russian, whose action labels are longer', async () => {
    await i18n.changeLanguage('en-us');
    const en = actionsColumn<object>('Actions', 200, () => null);
    expect([en.fixed, en.width]).toEqual(['right', 200]);
    await i18n.changeLanguage('ru');
    expect(actionsColumn<object>('Действия', 200, () => null).width).toBe(260);
    await i18n.changeLanguage('zh-cn');
    expect(actionsColumn<object>('操作', 200, () => null).width).toBe(200);
  });
});
