import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE } from '@farmsense/shared';
import { i18n, tk } from './i18n';

afterEach(() => i18n.changeLanguage(DEFAULT_LOCALE));

describe('counted texts in the console language', () => {
  it.each([
    ['en-us', ['1 item', '3 items', '5 items', '21 items'], ['1 function bound', '2 functions bound']],
    ['ru', ['1 запись', '3 записи', '5 записей', '21 запись'], ['Привязана 1 функция', 'Привязаны 2 функции']],
    ['zh-cn', ['共 1 条', '共 3 条', '共 5 条', '共 21 条'], ['已绑定 1 个功能', '已绑定 2 个功能']],
    ['vi', ['Tổng 1 mục', 'Tổng 3 mục', 'Tổng 5 mục', 'Tổng 21 mục'], ['Đã gán 1 chức năng', 'Đã gán 2 chức năng']],
    ['th', ['ทั้งหมด 1 รายการ', 'ทั้งหมด 3 รายการ', 'ทั้งหมด 5 รายการ', 'ทั้งหมด 21 รายการ'], ['ผูกแล้ว 1 ฟังก์ชัน', 'ผูกแล้ว 2 ฟังก์ชัน']],
  ] as const)('reads right for 1, 3, 5 and 21 in %s', async (locale, totals, bound) => {
    await i18n.changeLanguage(locale);
    await i18n.loadNamespaces(['common', 'roles']);
    expect([1, 3, 5, 21].map((count) => tk('common.total', { count }))).toEqual(totals);
    expect([1, 2].map((count) => tk('roles.perm.count', { count }))).toEqual(bound);
  });

  it('counts rules, curve values, houses and sows in Russian and English', async () => {
    await i18n.changeLanguage('ru');
    await i18n.loadNamespaces(['alarms', 'flocks', 'accounts', 'feeding']);
    expect([1, 3, 5].map((count) => tk('alarms.groups.deleteWarning', { count }).split(';')[0])).toEqual([
      'Вместе с ней удаляется 1 правило',
      'Вместе с ней удаляются 3 правила',
      'Вместе с ней удаляются 5 правил',
    ]);
    expect(tk('flocks.curves.count', { count: 22, from: 0, to: 21 })).toBe('22 значения, возраст 0–21 дн.');
    expect(tk('accounts.table.partialHint', { count: 5, pens: 2 })).toBe('Только 5 корпусов этой фермы; выбрано станков: 2');
    expect(tk('feeding.monitor.notEating', { count: 11 })).toBe('11 свиноматок не ели');
    expect(tk('feeding.refusals.since', { day: '2026-11-28', count: 2 })).toBe('2026-11-28 (2 дня)');
    await i18n.changeLanguage('en-us');
    await i18n.loadNamespaces(['alarms', 'flocks', 'accounts', 'feeding']);
    expect(tk('flocks.curves.count', { count: 1, from: 3, to: 3 })).toBe('1 value, day ages 3–3');
    expect(tk('accounts.table.partialHint', { count: 1, pens: 4 })).toBe('Limited to 1 house of this farm; pens chosen: 4');
    expect(tk('feeding.refusals.since', { day: '2026-11-28', count: 1 })).toBe('2026-11-28 (1 day)');
  });
});
