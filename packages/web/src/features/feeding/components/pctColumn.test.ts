import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE } from '@farmsense/shared';
import { i18n } from '../../../app/i18n/i18n';
import { formatPct, pctColumn } from './pctColumn';

afterEach(() => i18n.changeLanguage(DEFAULT_LOCALE));

describe('a percentage of the plan', () => {
  it('has one decimal, and an em dash where there is none', async () => {
    await i18n.changeLanguage('en-us');
    expect(formatPct(12.34)).toBe('12.3');
    expect(formatPct(-5)).toBe('-5.0');
    expect(formatPct(null)).toBe('—');
  });

  it('stands right-aligned in its column', async () => {
    await i18n.changeLanguage('en-us');
    const col = pctColumn<{ share: number | null }>('share', 'Share', 120, (r) => r.share);
    expect(col).toMatchObject({ key: 'share', title: 'Share', width: 120, align: 'right' });
    expect(col.render?.(undefined, { share: 98.76 }, 0)).toBe('98.8');
  });
});
