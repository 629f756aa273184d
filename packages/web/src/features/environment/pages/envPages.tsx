import type { ComponentType, ReactElement } from 'react';
import { ENV_KINDS, PIG_ENV_KINDS, type EnvKind } from '@farmsense/shared';

/**
 * The environment pages by application code: one trend page and one records page, each
 * parameterised by kind and farm type. ci18.env.<kind> and ci18.envrecords.<kind> are the poultry
 * pages, pig.env1.<kind>.mor and pig.env1.<kind>.rec the pig ones. The two views are page modules
 * of their own (routes.ts), so a trend route does not load the records table and a records route
 * not the chart library.
 */
export type EnvView = 'trend' | 'records';

export interface EnvPageProps {
  kind: EnvKind;
  farmType: 1 | 2;
}

/** The application codes of one view, poultry first. */
export function envCodes(view: EnvView): string[] {
  return view === 'trend'
    ? [...ENV_KINDS.map((k) => `ci18.env.${k}`), ...PIG_ENV_KINDS.map((k) => `pig.env1.${k}.mor`)]
    : [...ENV_KINDS.map((k) => `ci18.envrecords.${k}`), ...PIG_ENV_KINDS.map((k) => `pig.env1.${k}.rec`)];
}

function isKind(k: string | undefined): k is EnvKind {
  return !!k && (ENV_KINDS as readonly string[]).includes(k);
}

function parse(code: string): (EnvPageProps & { view: EnvView }) | null {
  const [area, group, kind, tab] = code.split('.');
  if (!isKind(kind)) return null;
  if (area === 'ci18' && group === 'env' && tab === undefined) return { view: 'trend', kind, farmType: 2 };
  if (area === 'ci18' && group === 'envrecords' && tab === undefined) return { view: 'records', kind, farmType: 2 };
  if (area === 'pig' && group === 'env1' && tab === 'mor') return { view: 'trend', kind, farmType: 1 };
  if (area === 'pig' && group === 'env1' && tab === 'rec') return { view: 'records', kind, farmType: 1 };
  return null;
}

const PAGES = new Map<string, ComponentType>();

/** The page component of an environment code in `Page`'s view; the same component every time it is asked. */
export function envPageFor(code: string, view: EnvView, Page: ComponentType<EnvPageProps>): ComponentType {
  let page = PAGES.get(code);
  if (!page) {
    const found = parse(code);
    page =
      found?.view === view
        ? function EnvPage(): ReactElement {
            return <Page kind={found.kind} farmType={found.farmType} />;
          }
        : () => null;
    PAGES.set(code, page);
  }
  return page;
}
