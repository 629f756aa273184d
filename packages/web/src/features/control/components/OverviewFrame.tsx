import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppCode, EnvOverviewAnswer } from '@farmsense/shared';
import { useFarmChoice, type FarmChoice } from '../../../app/farm';
import { menuLabel } from '../../../app/i18n/i18n';
import { FarmField } from '../../../ui/FarmSelect';
import { FilterBar } from '../../../ui/FilterBar';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../../ui/QueryStates';
import { useEnvOverview } from './overviewApi';
import { PageFrame } from '../../../ui/PageParts';
import '../../../ui/admin.css';

/**
 * The frame of the climate overview pages (per house, per pen): the farm picker and more filters,
 * the farm's overview polled while shown, and its loading, failed and "no houses" states.
 */
export function OverviewFrame({
  app,
  subtitle,
  filters,
  onPicked,
  children,
}: {
  app: AppCode;
  subtitle: string;
  filters?: ReactNode;
  onPicked?: () => void;
  children: (data: EnvOverviewAnswer, choice: FarmChoice) => ReactNode;
}): ReactElement {
  const { t } = useTranslation(['control', 'common', 'shell']);
  const choice = useFarmChoice();
  const overview = useEnvOverview(choice.farmId);
  let body: ReactNode;
  if (overview.isError && !overview.data)
    body = <ErrorBlock title={t('shell:overview.loadFailed')} onRetry={() => void overview.refetch()} />;
  else if (!overview.data) body = choice.farmId === undefined ? null : <LoadingBlock rows={2} />;
  else if (overview.data.sheds.length === 0) body = <EmptyBlock title={t('common:noData')} />;
  else body = children(overview.data, choice);
  return (
    <PageFrame head={{ title: menuLabel(app), subtitle }} after={<div className="fs-panel">{body}</div>}>
      <FilterBar label={t('codes.farm')}>
        <FarmField id={`${app}-farm`} label={t('codes.farm')} width={200} choice={choice} onPicked={onPicked} />
        {filters}
      </FilterBar>
    </PageFrame>
  );
}
