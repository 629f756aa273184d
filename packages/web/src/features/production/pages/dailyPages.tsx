import type { ReactElement } from 'react';
import { DailyPage } from './DailyPage';

/** One entry page per record kind, as the route registry names them (SPEC §2 /prod-data-input/...). */
export function DailyStockPage(): ReactElement {
  return <DailyPage kind="stock" />;
}
export function DailyGrowPage(): ReactElement {
  return <DailyPage kind="grow" />;
}
export function DailyFeedPage(): ReactElement {
  return <DailyPage kind="feed" />;
}
export function DailyWaterPage(): ReactElement {
  return <DailyPage kind="water" />;
}
export function DailyEggPage(): ReactElement {
  return <DailyPage kind="egg" />;
}
export function ImmunePage(): ReactElement {
  return <DailyPage kind="immune" />;
}
export function DrugPage(): ReactElement {
  return <DailyPage kind="drug" />;
}
