import { describe, expect, it } from 'vitest';
import { ALL_NAMESPACES } from './catalogue';
import { SHELL_NAMESPACES } from './namespaces';

/**
 * Pages load only their feature's catalogue namespaces (plus the shell's). A text from a
 * namespace missing here would show as its key, so the list is checked against the source: every
 * namespace a feature's files name (`ns: 'x'`, useTranslation('x'), 'x.key' / 'x:key' strings),
 * followed through the other features it imports from.
 */
const SOURCES = import.meta.glob<string>(['../../features/**/*.ts', '../../features/**/*.tsx', '!../../features/**/*.test.*'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

const featureOf = (file: string): string => /features\/([^/]+)\//.exec(file)![1]!;

/** Each feature's `TEXTS` (features/<m>/texts.ts), by feature folder. */
const FEATURE_NAMESPACES: Record<string, readonly string[]> = Object.fromEntries(
  Object.entries(import.meta.glob<readonly string[]>('../../features/*/texts.ts', { import: 'TEXTS', eager: true })).map(([f, t]) => [
    featureOf(f),
    t,
  ]),
);
const escape = (s: string): string => s.replace(/[-/\\^$*+?.()|[\]{}]/g, '\\$&');

function named(text: string): Set<string> {
  return new Set(
    ALL_NAMESPACES.filter((ns) => {
      const n = escape(ns);
      return new RegExp(`['"\`]${n}[.:]|ns: ['"]${n}['"]|useTranslation\\([^)]*['"]${n}['"]`).test(text);
    }),
  );
}

const features = [...new Set(Object.keys(SOURCES).map(featureOf))].sort();
const text = (feature: string): string =>
  Object.entries(SOURCES)
    .filter(([f]) => featureOf(f) === feature)
    .map(([, t]) => t)
    .join('\n');
const imports = (feature: string): string[] => features.filter((f) => f !== feature && new RegExp(`/${escape(f)}['/]`).test(text(feature)));

function needed(feature: string, seen = new Set<string>()): Set<string> {
  if (seen.has(feature)) return new Set();
  seen.add(feature);
  const all = named(text(feature));
  for (const other of imports(feature)) for (const ns of needed(other, seen)) all.add(ns);
  return all;
}

describe('catalogue namespaces per feature', () => {
  it('lists every feature folder', () => {
    expect(Object.keys(FEATURE_NAMESPACES).sort()).toEqual(features);
  });

  it.each(features)('%s loads every namespace its pages translate with', (feature) => {
    const missing = [...needed(feature)].filter((ns) => !SHELL_NAMESPACES.includes(ns) && !FEATURE_NAMESPACES[feature]!.includes(ns));
    expect(missing).toEqual([]);
  });

  // An extra namespace costs every page of the feature a language file on its first visit.
  it.each(features)('%s loads no namespace its pages do not translate with', (feature) => {
    const need = needed(feature);
    expect(FEATURE_NAMESPACES[feature]!.filter((ns) => !need.has(ns))).toEqual([]);
  });

  it('names only namespaces the catalogue has', () => {
    for (const list of [SHELL_NAMESPACES, ...Object.values(FEATURE_NAMESPACES)])
      for (const ns of list) expect(ALL_NAMESPACES).toContain(ns);
  });
});
