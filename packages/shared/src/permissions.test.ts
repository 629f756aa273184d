import { describe, expect, it } from 'vitest';
import {
  APP_CATALOGUE,
  FARM_APPS,
  GROUP_APPS,
  PLATFORM_APPS,
  appByCode,
  type AppCode,
  deriveFarmType,
  filterByMode,
  flattenApps,
  type AppNode,
  type AppScope,
  type FunType,
} from './permissions.js';
import { LOCALES, QUERY_PRESETS, TIME_CHOICES, TREND_WINDOWS_DAYS } from './constants.js';
import { RESOURCES, translate } from './i18n/index.js';
import {
  AccountStatus,
  AccountType,
  CLIMATE_SUB_DEVICES,
  CONTROLLER_CLASSES,
  CURTAIN_TYPES,
  DEVICE_CATEGORIES,
  FAN_TYPES,
  FARM_SCALES,
  FARM_TYPES,
  FEEDING_TRIGGER_MODES,
  FLOCK_SEX,
  FLOCK_TYPES,
  GATEWAY_TYPES,
  HEAT_COOL_TYPES,
  PIG_BEHAVIOURS,
  PIG_PEN_FEEDING_TYPES,
  PIG_PRODUCTION_STATES,
  PIG_SHED_TYPES,
  POULTRY_SHED_TYPES,
  STANDARD_CURVE_INDICATORS,
  VIDEO_ACCESS_MODES,
} from './enums/index.js';

const ALL = flattenApps(APP_CATALOGUE);
const codes = ALL.map((n) => n.code);

/** Leaf-to-root walk of the catalogue, so a test can reason about a node's ancestors. */
function withAncestors(nodes: AppNode[], parents: AppNode[] = []): { node: AppNode; parents: AppNode[] }[] {
  return nodes.flatMap((node) => [{ node, parents }, ...withAncestors(node.children, [...parents, node])]);
}

/** Every label key of one namespace, nested keys joined with dots (menu keys are flat already). */
function keysOf(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [prefix + k] : keysOf(v as object, `${prefix}${k}.`)));
}

describe('application catalogue', () => {
  it('has unique codes, each found by appByCode', () => {
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(appByCode(code)?.code).toBe(code);
    expect(appByCode('no.such.code')).toBeUndefined();
  });

  it('has unique absolute paths, and every leaf has a page', () => {
    const paths = ALL.flatMap((n) => (n.path === undefined ? [] : [n.path]));
    expect(new Set(paths).size).toBe(paths.length);
    for (const p of paths) expect(p.startsWith('/'), p).toBe(true);
    for (const n of ALL) if (n.children.length === 0) expect(n.path, n.code).toBeDefined();
  });

  it('orders siblings by strictly ascending seqNo', () => {
    const check = (siblings: AppNode[]): void => {
      for (let i = 1; i < siblings.length; i++) {
        expect(siblings[i]!.seqNo, siblings[i]!.code).toBeGreaterThan(siblings[i - 1]!.seqNo);
      }
      for (const n of siblings) check(n.children);
    };
    // The three scopes are numbered apart (each is a menu of its own), so check each list.
    for (const list of [GROUP_APPS, FARM_APPS, PLATFORM_APPS]) check(list);
  });

  it('keeps each scope on its own list and children in their parent mode', () => {
    const scopes: [AppNode[], AppScope][] = [
      [GROUP_APPS, 'group'],
      [FARM_APPS, 'farm'],
      [PLATFORM_APPS, 'platform'],
    ];
    for (const [list, scope] of scopes) for (const n of flattenApps(list)) expect(n.scope, n.code).toBe(scope);
    for (const { node, parents } of withAncestors(APP_CATALOGUE)) {
      const parent = parents[parents.length - 1];
      // A pig or chicken group cannot hold a common entry: it would vanish with its parent.
      if (parent && parent.funType !== 'common') expect(node.funType, node.code).toBe(parent.funType);
    }
  });
});

describe('deriveFarmType', () => {
  const of = (fun: FunType): string[] => ALL.filter((n) => n.funType === fun).map((n) => n.code);
  const pig = of('pig');
  const chicken = of('chicken');
  const common = of('common');

  it('gives pig for pig-only codes, chicken for chicken-only codes, all for both', () => {
    expect(pig.length).toBeGreaterThan(0);
    expect(chicken.length).toBeGreaterThan(0);
    expect(deriveFarmType(pig)).toBe('pig');
    expect(deriveFarmType(['pig.overview.shed'])).toBe('pig');
    expect(deriveFarmType(chicken)).toBe('chicken');
    expect(deriveFarmType(['ci18.env.temp', ...common])).toBe('chicken');
    expect(deriveFarmType(['pig.env1.temp.mor', 'ci18.env.temp'])).toBe('all');
    expect(deriveFarmType(new Set([...pig, ...chicken, ...common]))).toBe('all');
  });

  it('defaults to pig for common-only, empty or unknown codes', () => {
    expect(deriveFarmType(common)).toBe('pig');
    expect(deriveFarmType([])).toBe('pig');
    expect(deriveFarmType(['no.such.code'])).toBe('pig');
  });
});

describe('filterByMode', () => {
  const expected = (excluded: FunType): string[] =>
    withAncestors(APP_CATALOGUE)
      .filter(({ node, parents }) => [node, ...parents].every((n) => n.funType !== excluded))
      .map(({ node }) => node.code);

  it.each([
    [1, 'chicken', 'pig'],
    [2, 'pig', 'chicken'],
  ] as const)('mode %i keeps common and %s-free nodes at every depth', (mode, excluded, kept) => {
    const result = flattenApps(filterByMode(APP_CATALOGUE, mode));
    expect(result.map((n) => n.code)).toEqual(expected(excluded));
    expect(result.some((n) => n.funType === excluded)).toBe(false);
    expect(result.some((n) => n.funType === kept)).toBe(true);
  });

  it('drops a mode-specific child under a common parent', () => {
    const inMode = (mode: 1 | 2): string[] => flattenApps(filterByMode(APP_CATALOGUE, mode)).map((n) => n.code);
    expect(appByCode('accurate-feeding')?.funType).toBe('common');
    expect(inMode(1)).toContain('accurate-feeding.column');
    expect(inMode(2)).not.toContain('accurate-feeding.column');
    expect(inMode(2)).toContain('accurate-feeding.plan');
  });

  it('does not change the catalogue it filters', () => {
    const before = JSON.stringify(APP_CATALOGUE);
    filterByMode(APP_CATALOGUE, 1);
    filterByMode(APP_CATALOGUE, 2);
    expect(JSON.stringify(APP_CATALOGUE)).toBe(before);
  });
});

describe('menu labels', () => {
  it.each(LOCALES)('%s labels every catalogue code, and nothing else', (locale) => {
    const menu = RESOURCES[locale].menu;
    for (const code of codes) {
      const label = menu[code];
      // Read the file itself: translate() falls back to English and would hide a gap.
      expect(typeof label === 'string' && label.trim() !== '', `${locale} menu.${code}`).toBe(true);
      expect(translate(locale, `menu.${code}`)).toBe(label);
    }
    expect(Object.keys(menu).sort()).toEqual([...codes].sort());
  });
});

describe('enumeration labels', () => {
  const ENUMS: Record<string, readonly (string | number)[]> = {
    poultryShedType: POULTRY_SHED_TYPES,
    pigShedType: PIG_SHED_TYPES,
    pigPenFeedingType: PIG_PEN_FEEDING_TYPES,
    feedingTriggerMode: FEEDING_TRIGGER_MODES,
    flockSex: FLOCK_SEX,
    farmScale: FARM_SCALES,
    farmType: FARM_TYPES,
    standardCurveIndicator: Object.keys(STANDARD_CURVE_INDICATORS),
    deviceCategory: DEVICE_CATEGORIES,
    climateSubDevice: CLIMATE_SUB_DEVICES,
    gatewayType: GATEWAY_TYPES,
    videoAccessMode: VIDEO_ACCESS_MODES,
    fanType: FAN_TYPES,
    curtainType: CURTAIN_TYPES,
    heatCoolType: HEAT_COOL_TYPES,
    controllerClass: CONTROLLER_CLASSES,
    pigProductionState: PIG_PRODUCTION_STATES,
    pigBehaviour: PIG_BEHAVIOURS,
    flockType: FLOCK_TYPES,
    accountType: Object.values(AccountType),
    accountStatus: Object.values(AccountStatus),
    queryPreset: QUERY_PRESETS,
    timeChoice: TIME_CHOICES,
    trendWindow: TREND_WINDOWS_DAYS,
  };

  it.each(LOCALES)('%s labels every enumeration value', (locale) => {
    const enums = RESOURCES[locale].enums;
    for (const [name, values] of Object.entries(ENUMS)) {
      const group = enums[name];
      expect(typeof group, `${locale} enums.${name}`).toBe('object');
      for (const value of values) {
        const label = typeof group === 'object' ? group[String(value)] : undefined;
        expect(typeof label === 'string' && label.trim() !== '', `${locale} enums.${name}.${value}`).toBe(true);
        expect(translate(locale, `enums.${name}.${value}`)).toBe(label);
      }
    }
  });

  it.each(LOCALES)('%s has the same enumeration keys as en-us', (locale) => {
    expect(keysOf(RESOURCES[locale].enums).sort()).toEqual(keysOf(RESOURCES['en-us'].enums).sort());
  });
});

describe('application codes as a type', () => {
  it('accepts every code of the catalogue and refuses a misspelt one at the type check', () => {
    const good: AppCode[] = [
      'housemanagement.houselist',
      'energy.feed.reports.farm.month',
      'pig.env1.rh.mor',
      'device-mng.feed.swq.column',
    ];
    // @ts-expect-error -- misspelt on purpose: tsc (npm run lint) fails if AppCode ever widens to string
    const bad: AppCode = 'housemanagement.houselst';
    expect(good.every((c) => appByCode(c))).toBe(true);
    expect(appByCode(bad)).toBeUndefined();
  });
});
