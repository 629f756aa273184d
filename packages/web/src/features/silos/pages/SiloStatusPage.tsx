import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useFarmChoice } from '../../../app/farm';
import { menuLabel } from '../../../app/i18n/i18n';
import { LiveFarmPage, useLiveShedFilter } from '../../../ui/LiveFarmPage';
import { useSiloStatus } from '../api';
import { SiloCard } from '../components/SiloCard';
import '../../../ui/admin.css';
import '../silos.css';

/** The status page reads the silos again every minute (a scale reports every few minutes). */
const REFRESH_MS = 60_000;

/**
 * /weight/status: a card per silo of the farm (or feeding one house) with its weight and fill,
 * level, weight and loading states, the empty-by forecast ("empty in 3-4 days") with the reorder
 * warning, today's consumption and the last delivery.
 */
export function SiloStatusPage(): ReactElement {
  const { t } = useTranslation(['silos', 'common']);
  const choice = useFarmChoice();
  const filter = useLiveShedFilter(choice.farmId);
  const status = useSiloStatus(choice.farmId, REFRESH_MS, filter.shedId);
  return (
    <LiveFarmPage
      head={{ title: menuLabel('weight.status'), subtitle: t('status.subtitle') }}
      idPrefix="silo"
      texts={{
        bar: t('filters'),
        farm: t('fields.farm'),
        shed: t('fields.shed'),
        failed: t('status.failed'),
        empty: t('status.empty'),
        emptyHint: t('status.emptyHint'),
      }}
      choice={choice}
      filter={filter}
      query={status}
      isEmpty={(silos) => silos.length === 0}
    >
      {(silos) => (
        <div className="fs-silo-grid">
          {silos.map((s) => (
            <SiloCard key={s.id} silo={s} />
          ))}
        </div>
      )}
    </LiveFarmPage>
  );
}
