import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { NoFarm, useFarmChoice, useShedOptions } from '../../../app/farm';
import { menuLabel } from '../../../app/i18n/i18n';
import { FarmShedFilters } from '../../../ui/FarmShedFilters';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../../ui/QueryStates';
import { numberFilter, useListPage } from '../../../ui/list/useListPage';
import { useSiloStatus } from '../api';
import { SiloCard } from '../components/SiloCard';
import { PageFrame } from '../../../ui/PageParts';
import '../../../ui/admin.css';
import '../silos.css';

/** The status page reads the silos again every minute (a scale reports every few minutes). */
const REFRESH_MS = 60_000;
const FILTERS = { shedId: numberFilter };

/**
 * /weight/status: a card per silo of the farm (or feeding one house) with its weight and fill,
 * level, weight and loading states, the empty-by forecast ("empty in 3-4 days") with the reorder
 * warning, today's consumption and the last delivery.
 */
export function SiloStatusPage(): ReactElement {
  const { t } = useTranslation(['silos', 'common']);
  const choice = useFarmChoice();
  const list = useListPage(FILTERS);
  const sheds = useShedOptions(choice.farmId);
  const status = useSiloStatus(choice.farmId, REFRESH_MS, list.filters.shedId);
  if (choice.farmId === undefined) return <NoFarm farmType={choice.farmType} />;
  return (
    <PageFrame head={{ title: menuLabel('weight.status'), subtitle: t('status.subtitle') }}>
      <FarmShedFilters
        idPrefix="silo"
        texts={{ bar: t('filters'), farm: t('fields.farm'), shed: t('fields.shed') }}
        choice={choice}
        shedId={list.filters.shedId}
        sheds={sheds.data}
        onShed={(shedId) => list.apply({ shedId })}
        refreshing={status.isFetching}
        onRefresh={() => void status.refetch()}
      />
      {status.isPending ? (
        <LoadingBlock />
      ) : status.isError ? (
        <ErrorBlock title={t('status.failed')} onRetry={() => void status.refetch()} />
      ) : status.data.length === 0 ? (
        <EmptyBlock title={t('status.empty')} hint={t('status.emptyHint')} />
      ) : (
        <div className="fs-silo-grid">
          {status.data.map((s) => (
            <SiloCard key={s.id} silo={s} />
          ))}
        </div>
      )}
    </PageFrame>
  );
}
