/**
 * Translations: one JSON file per locale and namespace (module). Every locale has the same keys;
 * `i18n.test.ts` checks it. Add a namespace by adding its five files and a line per locale here.
 */
import type { Locale } from '../constants.js';
import zh_cn_common from './zh-cn/common.json';
import zh_cn_errors from './zh-cn/errors.json';
import zh_cn_validation from './zh-cn/validation.json';
import zh_cn_menu from './zh-cn/menu.json';
import zh_cn_enums from './zh-cn/enums.json';
import zh_cn_auth from './zh-cn/auth.json';
import zh_cn_shell from './zh-cn/shell.json';
import zh_cn_environment from './zh-cn/environment.json';
import zh_cn_tenants from './zh-cn/tenants.json';
import zh_cn_oplog from './zh-cn/oplog.json';
import zh_cn_accounts from './zh-cn/accounts.json';
import zh_cn_roles from './zh-cn/roles.json';
import zh_cn_farms from './zh-cn/farms.json';
import zh_cn_sheds from './zh-cn/sheds.json';
import zh_cn_devices from './zh-cn/devices.json';
import zh_cn_production from './zh-cn/production.json';
import zh_cn_poultry from './zh-cn/poultry.json';
import zh_cn_records from './zh-cn/records.json';
import zh_cn_flocks from './zh-cn/flocks.json';
import en_us_common from './en-us/common.json';
import en_us_errors from './en-us/errors.json';
import en_us_validation from './en-us/validation.json';
import en_us_menu from './en-us/menu.json';
import en_us_enums from './en-us/enums.json';
import en_us_auth from './en-us/auth.json';
import en_us_shell from './en-us/shell.json';
import en_us_environment from './en-us/environment.json';
import en_us_tenants from './en-us/tenants.json';
import en_us_oplog from './en-us/oplog.json';
import en_us_accounts from './en-us/accounts.json';
import en_us_roles from './en-us/roles.json';
import en_us_farms from './en-us/farms.json';
import en_us_sheds from './en-us/sheds.json';
import en_us_devices from './en-us/devices.json';
import en_us_production from './en-us/production.json';
import en_us_poultry from './en-us/poultry.json';
import en_us_records from './en-us/records.json';
import en_us_flocks from './en-us/flocks.json';
import vi_common from './vi/common.json';
import vi_errors from './vi/errors.json';
import vi_validation from './vi/validation.json';
import vi_menu from './vi/menu.json';
import vi_enums from './vi/enums.json';
import vi_auth from './vi/auth.json';
import vi_shell from './vi/shell.json';
import vi_environment from './vi/environment.json';
import vi_tenants from './vi/tenants.json';
import vi_oplog from './vi/oplog.json';
import vi_accounts from './vi/accounts.json';
import vi_roles from './vi/roles.json';
import vi_farms from './vi/farms.json';
import vi_sheds from './vi/sheds.json';
import vi_devices from './vi/devices.json';
import vi_production from './vi/production.json';
import vi_poultry from './vi/poultry.json';
import vi_records from './vi/records.json';
import vi_flocks from './vi/flocks.json';
import th_common from './th/common.json';
import th_errors from './th/errors.json';
import th_validation from './th/validation.json';
import th_menu from './th/menu.json';
import th_enums from './th/enums.json';
import th_auth from './th/auth.json';
import th_shell from './th/shell.json';
import th_environment from './th/environment.json';
import th_tenants from './th/tenants.json';
import th_oplog from './th/oplog.json';
import th_accounts from './th/accounts.json';
import th_roles from './th/roles.json';
import th_farms from './th/farms.json';
import th_sheds from './th/sheds.json';
import th_devices from './th/devices.json';
import th_production from './th/production.json';
import th_poultry from './th/poultry.json';
import th_records from './th/records.json';
import th_flocks from './th/flocks.json';
import ru_common from './ru/common.json';
import ru_errors from './ru/errors.json';
import ru_validation from './ru/validation.json';
import ru_menu from './ru/menu.json';
import ru_enums from './ru/enums.json';
import ru_auth from './ru/auth.json';
import ru_shell from './ru/shell.json';
import ru_environment from './ru/environment.json';
import ru_tenants from './ru/tenants.json';
import ru_oplog from './ru/oplog.json';
import ru_accounts from './ru/accounts.json';
import ru_roles from './ru/roles.json';
import ru_farms from './ru/farms.json';
import ru_sheds from './ru/sheds.json';
import ru_devices from './ru/devices.json';
import ru_production from './ru/production.json';
import ru_poultry from './ru/poultry.json';
import ru_records from './ru/records.json';
import ru_flocks from './ru/flocks.json';

export const NAMESPACES = [
  'common',
  'errors',
  'validation',
  'menu',
  'enums',
  'auth',
  'shell',
  'environment',
  'tenants',
  'oplog',
  'accounts',
  'roles',
  'farms',
  'sheds',
  'devices',
  'production',
  'poultry',
  'records',
  'flocks',
] as const;
export type Namespace = (typeof NAMESPACES)[number];
type Tree = { [key: string]: string | Tree };
export const RESOURCES: Record<Locale, Record<Namespace, Tree>> = {
  'zh-cn': {
    common: zh_cn_common,
    errors: zh_cn_errors,
    validation: zh_cn_validation,
    menu: zh_cn_menu,
    enums: zh_cn_enums,
    auth: zh_cn_auth,
    shell: zh_cn_shell,
    environment: zh_cn_environment,
    tenants: zh_cn_tenants,
    oplog: zh_cn_oplog,
    accounts: zh_cn_accounts,
    roles: zh_cn_roles,
    farms: zh_cn_farms,
    sheds: zh_cn_sheds,
    devices: zh_cn_devices,
    production: zh_cn_production,
    poultry: zh_cn_poultry,
    records: zh_cn_records,
    flocks: zh_cn_flocks,
  },
  'en-us': {
    common: en_us_common,
    errors: en_us_errors,
    validation: en_us_validation,
    menu: en_us_menu,
    enums: en_us_enums,
    auth: en_us_auth,
    shell: en_us_shell,
    environment: en_us_environment,
    tenants: en_us_tenants,
    oplog: en_us_oplog,
    accounts: en_us_accounts,
    roles: en_us_roles,
    farms: en_us_farms,
    sheds: en_us_sheds,
    devices: en_us_devices,
    production: en_us_production,
    poultry: en_us_poultry,
    records: en_us_records,
    flocks: en_us_flocks,
  },
  vi: {
    common: vi_common,
    errors: vi_errors,
    validation: vi_validation,
    menu: vi_menu,
    enums: vi_enums,
    auth: vi_auth,
    shell: vi_shell,
    environment: vi_environment,
    tenants: vi_tenants,
    oplog: vi_oplog,
    accounts: vi_accounts,
    roles: vi_roles,
    farms: vi_farms,
    sheds: vi_sheds,
    devices: vi_devices,
    production: vi_production,
    poultry: vi_poultry,
    records: vi_records,
    flocks: vi_flocks,
  },
  th: {
    common: th_common,
    errors: th_errors,
    validation: th_validation,
    menu: th_menu,
    enums: th_enums,
    auth: th_auth,
    shell: th_shell,
    environment: th_environment,
    tenants: th_tenants,
    oplog: th_oplog,
    accounts: th_accounts,
    roles: th_roles,
    farms: th_farms,
    sheds: th_sheds,
    devices: th_devices,
    production: th_production,
    poultry: th_poultry,
    records: th_records,
    flocks: th_flocks,
  },
  ru: {
    common: ru_common,
    errors: ru_errors,
    validation: ru_validation,
    menu: ru_menu,
    enums: ru_enums,
    auth: ru_auth,
    shell: ru_shell,
    environment: ru_environment,
    tenants: ru_tenants,
    oplog: ru_oplog,
    accounts: ru_accounts,
    roles: ru_roles,
    farms: ru_farms,
    sheds: ru_sheds,
    devices: ru_devices,
    production: ru_production,
    poultry: ru_poultry,
    records: ru_records,
    flocks: ru_flocks,
  },
};

/**
 * Looks up `ns.a.b` in one locale, falling back to English, then to the key itself. After the
 * namespace the rest is first tried as one flat key, because some namespaces (menu) use keys that
 * contain dots themselves ("ci18.env.temp"); otherwise it is walked as a nested path.
 */
export function translate(locale: Locale, key: string, vars: Record<string, string | number> = {}): string {
  const dot = key.indexOf('.');
  const ns = dot < 0 ? key : key.slice(0, dot);
  const rest = dot < 0 ? '' : key.slice(dot + 1);
  const find = (l: Locale): string | undefined => {
    const root: Tree | undefined = RESOURCES[l][ns as Namespace];
    if (!root || !rest) return undefined;
    // Own-property check: a key such as "constructor" must not reach Object.prototype.
    const flat = Object.hasOwn(root, rest) ? root[rest] : undefined;
    if (typeof flat === 'string') return flat;
    let node: string | Tree | undefined = root;
    for (const p of rest.split('.')) {
      if (!node || typeof node === 'string' || !Object.hasOwn(node, p)) return undefined;
      node = node[p];
    }
    return typeof node === 'string' ? node : undefined;
  };
  const text = find(locale) ?? find('en-us') ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, v: string) => String(vars[v] ?? `{{${v}}}`));
}
