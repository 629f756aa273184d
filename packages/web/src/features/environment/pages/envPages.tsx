import type { ComponentType, ReactElement } from 'react';
import { ENV_KINDS, type EnvKind } from '@farmsense/shared';
import { EnvRecordsPage } from './EnvRecordsPage';
import { EnvTrendPage } from './EnvTrendPage';

/**
 * The environment pages by application code: one trend page and one records page, each
 * parameterised by kind and farm type. ci18.env.<kind> and ci18.envrecords.<kind> are the poultry
 * pages, pig.env1.<kind>.mor and pig.env1.<kind>.rec the pig ones.
 */
const PAGES = new Map<string, ComponentType>();

function isKind(k: string | undefined): k is EnvKind {
  return !!k && (ENV_KINDS as readonly string[]).includes(k);
}

function trendPage(kind: EnvKind, farmType: 1 | 2): ComponentType {
  return function TrendPage(): ReactElement {
    return <EnvTrendPage kind={kind} farmType={farmType} />;
  };
}

function recordsPage(kind: EnvKind, farmType: 1 | 2): ComponentType {
  return function RecordsPage(): ReactElement {
    return <EnvRecordsPage kind={kind} farmType={farmType} />;
  };
}

function make(code: string): ComponentType | null {
  const [area, group, kind, tab] = code.split('.');
  if (!isKind(kind)) return null;
  if (area === 'ci18' && group === 'env' && tab === undefined) return trendPage(kind, 2);
  if (area === 'ci18' && group === 'envrecords' && tab === undefined) return recordsPage(kind, 2);
  if (area === 'pig' && group === 'env1' && tab === 'mor') return trendPage(kind, 1);
  if (area === 'pig' && group === 'env1' && tab === 'rec') return recordsPage(kind, 1);
  return null;
}

/** The page component of an environment code; the same component every time it is asked. */
export function envPageFor(code: string): ComponentType {
  let page = PAGES.get(code);
  if (!page) {
    page = make(code) ?? (() => null);
    PAGES.set(code, page);
  }
  return page;
}
