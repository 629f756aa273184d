import { afterEach, describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from './constants.js';
import { NAMESPACES, PLURAL_FORMS, pluralFormsOf, RESOURCES, translate } from './i18n/index.js';

type Tree = { [key: string]: string | Tree };

/** Every leaf of a translation tree as `path -> text`, paths joined with a NUL so dotted keys stay distinct. */
function leaves(tree: Tree, prefix: string[] = [], out = new Map<string, string>()): Map<string, string> {
  for (const [k, v] of Object.entries(tree)) {
    const path = [...prefix, k];
    if (typeof v === 'string') out.set(path.join('\u0000'), v);
    else leaves(v, path, out);
  }
  return out;
}

const PLURAL = new RegExp(`^(.+)_(${PLURAL_FORMS.join('|')})$`);

/** A counted text's forms (`total_one`, `total_few`, ...) as one key `total_#`: each language has the forms it needs. */
function pluralBase(key: string): string {
  const m = PLURAL.exec(key);
  return m ? `${m[1]}_#` : key;
}

/** The plural forms of each counted text of a tree: `path_# -> [forms]`. */
function pluralGroups(tree: Tree): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const path of leaves(tree).keys()) {
    const parts = path.split('\u0000');
    const m = PLURAL.exec(parts.at(-1)!);
    if (!m) continue;
    const base = [...parts.slice(0, -1), `${m[1]}_#`].join('\u0000');
    groups.set(base, [...(groups.get(base) ?? []), m[2]!].sort());
  }
  return groups;
}

/** Branch paths too, so a key that is a string in one locale and an object in another is caught. */
function shape(tree: Tree, prefix: string[] = [], out: string[] = []): string[] {
  for (const [k, v] of Object.entries(tree)) {
    const path = [...prefix, k];
    out.push(`${[...prefix, typeof v === 'string' ? pluralBase(k) : k].join('\u0000')}${typeof v === 'string' ? '' : '/'}`);
    if (typeof v !== 'string') shape(v, path, out);
  }
  return out.sort();
}

function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]!))].sort();
}

const show = (path: string): string => path.split('\u0000').join(' > ');

describe('translation catalogue', () => {
  for (const ns of NAMESPACES) {
    describe(`namespace ${ns}`, () => {
      const reference = RESOURCES['en-us'][ns] ?? {};
      const refLeaves = leaves(reference);

      for (const locale of LOCALES) {
        it(`${locale} has the file ${locale}/${ns}.json`, () => {
          expect(RESOURCES[locale][ns]).toBeDefined();
        });

        it(`${locale} has exactly the keys of en-us`, () => {
          // Reported as missing/extra lists: a whole-catalogue diff is unreadable.
          const own = new Set(shape(RESOURCES[locale][ns] ?? {}));
          const ref = new Set(shape(reference));
          const missing = [...ref].filter((k) => !own.has(k)).map(show);
          const extra = [...own].filter((k) => !ref.has(k)).map(show);
          expect({ missing, extra }).toEqual({ missing: [], extra: [] });
        });

        it(`${locale} has no empty texts`, () => {
          const empty = [...leaves(RESOURCES[locale][ns] ?? {})].filter(([, v]) => v.trim() === '').map(([k]) => show(k));
          expect(empty).toEqual([]);
        });

        it(`${locale} uses the same {{placeholders}} as en-us`, () => {
          const own = leaves(RESOURCES[locale][ns] ?? {});
          // A plural form is compared with the English "other" form of the same text.
          const refOf = (k: string): string | undefined => refLeaves.get(k) ?? refLeaves.get(k.replace(PLURAL, '$1_other'));
          const differing = [...own]
            .filter(([k, v]) => refOf(k) !== undefined && placeholders(refOf(k)!).join() !== placeholders(v).join())
            .map(([k]) => show(k));
          expect(differing).toEqual([]);
        });

        it(`${locale} gives each counted text exactly the plural forms of its language`, () => {
          const forms = [...pluralFormsOf(locale)].sort().join();
          const wrong = [...pluralGroups(RESOURCES[locale][ns] ?? {})]
            .filter(([, f]) => f.join() !== forms)
            .map(([k, f]) => `${show(k)}: ${f.join()}`);
          expect(wrong).toEqual([]);
        });
      }
    });
  }
});

describe('translate()', () => {
  const injected: { locale: (typeof LOCALES)[number]; key: string }[] = [];
  /** Adds a temporary key to one locale's menu namespace; removed after each test. */
  function inject(locale: (typeof LOCALES)[number], key: string, text: string): void {
    RESOURCES[locale].menu[key] = text;
    injected.push({ locale, key });
  }
  afterEach(() => {
    for (const { locale, key } of injected.splice(0)) delete RESOURCES[locale].menu[key];
  });

  it('reads nested keys', () => {
    expect(translate('en-us', 'errors.client.loginAgain')).toBe('Please log in again');
    expect(translate('zh-cn', 'errors.client.loginAgain')).toBe('请重新登录');
  });

  it('reads top-level keys and numeric error keys', () => {
    expect(translate('en-us', 'common.success')).toBe('Success');
    expect(translate('en-us', 'errors.0')).toBe('Operation failed');
    expect(translate('zh-cn', 'errors.0')).toBe('操作失败');
  });

  it('reads flat keys that contain dots before walking the path', () => {
    inject('en-us', 'zz-test.env.temp', 'Flat temperature');
    expect(translate('en-us', 'menu.zz-test.env.temp')).toBe('Flat temperature');
  });

  it('prefers the whole flat key over a nested path of the same spelling', () => {
    const nested = RESOURCES['en-us'].menu;
    nested['zz-nest'] = { inner: 'Nested' };
    injected.push({ locale: 'en-us', key: 'zz-nest' });
    expect(translate('en-us', 'menu.zz-nest.inner')).toBe('Nested');
    inject('en-us', 'zz-nest.inner', 'Flat');
    expect(translate('en-us', 'menu.zz-nest.inner')).toBe('Flat');
  });

  it('falls back to en-us, then to the key itself', () => {
    inject('en-us', 'zz-only-english', 'Only in English');
    expect(translate('ru', 'menu.zz-only-english')).toBe('Only in English');
    expect(translate('ru', 'common.noSuchKey')).toBe('common.noSuchKey');
    expect(translate('ru', 'nonamespace.key')).toBe('nonamespace.key');
    expect(translate('ru', 'common')).toBe('common');
    expect(translate('en-us', 'common.constructor')).toBe('common.constructor');
    expect(translate('en-us', 'errors.client.toString')).toBe('errors.client.toString');
  });

  it('fills {{placeholders}} and leaves unknown ones visible', () => {
    expect(translate('en-us', 'validation.selectAtMost', { count: 6 })).toBe('Select at most 6 items');
    expect(translate('zh-cn', 'validation.rangeMaxDays', { days: 30 })).toBe('查询时间范围不能超过30天');
    expect(translate('en-us', 'common.total')).toBe('{{count}} items');
  });

  it('takes the plural form of a counted text in each language', () => {
    expect(translate('en-us', 'common.total', { count: 1 })).toBe('1 item');
    expect(translate('en-us', 'common.total', { count: 21 })).toBe('21 items');
    expect(translate('ru', 'common.total', { count: 1 })).toBe('1 запись');
    expect(translate('ru', 'common.total', { count: 3 })).toBe('3 записи');
    expect(translate('ru', 'common.total', { count: 5 })).toBe('5 записей');
    expect(translate('ru', 'common.total', { count: 21 })).toBe('21 запись');
    expect(translate('ru', 'common.total', { count: 1.5 })).toBe('1.5 записи');
    expect(translate('zh-cn', 'common.total', { count: 1 })).toBe('共 1 条');
    expect(translate('vi', 'common.total', { count: 1 })).toBe('Tổng 1 mục');
    expect(translate('th', 'common.total', { count: 2 })).toBe('ทั้งหมด 2 รายการ');
  });

  it('counts the selection limit and the alarms of a push message in each language', () => {
    expect(translate('en-us', 'validation.selectAtMost', { count: 1 })).toBe('Select at most 1 item');
    expect([1, 3, 6, 21].map((count) => translate('ru', 'validation.selectAtMost', { count }))).toEqual([
      'Можно выбрать не более 1 пункта',
      'Можно выбрать не более 3 пунктов',
      'Можно выбрать не более 6 пунктов',
      'Можно выбрать не более 21 пункта',
    ]);
    const subject = (locale: Locale, count: number): string =>
      translate(locale, 'alarms.push.message.subject', { level: 'L', farm: 'F', shed: 'S', count });
    expect([1, 2].map((n) => subject('en-us', n))).toEqual(['[L] F / S: 1 alarm', '[L] F / S: 2 alarms']);
    expect([1, 2, 5, 21].map((n) => subject('ru', n))).toEqual([
      '[L] F / S: 1 тревога',
      '[L] F / S: 2 тревоги',
      '[L] F / S: 5 тревог',
      '[L] F / S: 21 тревога',
    ]);
    expect(subject('zh-cn', 1)).toBe('[L] F / S：1 条报警');
    const done = (locale: Locale, count: number): string =>
      translate(locale, 'alarms.push.page.done', { count, via: 'Ann', time: '08:00' });
    expect(done('en-us', 1)).toBe('1 alarm acknowledged in the name of Ann at 08:00 (farm time).');
    expect(done('ru', 5)).toBe('5 тревог подтверждено от имени Ann в 08:00 (время фермы).');
    expect(translate('ru', 'alarms.push.message.offline', { shed: 'S', time: '08:00', count: 3 })).toBe(
      'S не в сети с 08:00; 3 тревоги его датчиков не перечислены',
    );
  });
});
