import type { ReactElement } from 'react';
import type { DailyKind } from '@farmsense/shared';
import { DailyPage } from './DailyPage';

/** The entry page of one record kind, a named component as the route registry renders it. */
function entryPage(kind: DailyKind): () => ReactElement {
  return function DailyEntryPage(): ReactElement {
    return <DailyPage kind={kind} />;
  };
}

/** One entry page per record kind, as the route registry names them (SPEC §2 /prod-data-input/...). */
export const DailyStockPage = entryPage('stock');
export const DailyGrowPage = entryPage('grow');
export const DailyFeedPage = entryPage('feed');
export const DailyWaterPage = entryPage('water');
export const DailyEggPage = entryPage('egg');
export const ImmunePage = entryPage('immune');
export const DrugPage = entryPage('drug');
