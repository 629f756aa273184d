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
});
