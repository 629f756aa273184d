import { useState, type ReactElement } from 'react';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ColumnPen } from '@farmsense/shared';
import { NoFarm, useFarmChoice, useShedPick } from '../../../app/farm';
import { menuLabel } from '../../../app/i18n/i18n';
import { FilterBar } from '../../../ui/FilterBar';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../../ui/QueryStates';
import { usePlanPens } from '../api';
import { useColumnView } from '../rackApi';
import { SelectFilter } from '../../../ui/SelectFilter';
import { FarmShedFields } from '../../../ui/FarmShedFilters';
import { PageFrame } from '../../../ui/PageParts';
import '../../../ui/admin.css';
import '../racks.css';

function PenCard({ pen }: { pen: ColumnPen }): ReactElement {
  const { t } = useTranslation('feeding');
  const title = t('plan.penLabel', { column: pen.penColumn, row: pen.penRow });
  return (
    <section className="fs-col-pen" aria-label={title}>
      <h4>{title}</h4>
      {pen.racks.length === 0 && <p className="fs-muted">{t('columns.noRacks')}</p>}
      {pen.racks.map((rack) => (
        <div key={rack.id} className="fs-col-rack">
          <strong>{rack.name}</strong>
          <ul className="fs-col-tiles" aria-label={t('columns.rackLabel', { name: rack.name })}>
            {rack.positions.map((p) => (
              <li key={p.id} className={p.feeder ? 'fs-col-tile fs-col-tile--bound' : 'fs-col-tile'}>
                <strong>{t('relation.positionNo', { no: p.positionNo })}</strong>
                {p.feeder ? `${p.feeder.name} (${p.feeder.deviceNo})` : t('relation.empty')}
              </li>
            ))}
          </ul>
        </div>
      ))}
      {pen.unplaced.length > 0 && (
        <div>
          <span className="fs-muted">{t('columns.unplaced')} </span>
          {pen.unplaced.map((f) => (
            <Tag key={f.id} color="orange">
              {`${f.name} (${f.deviceNo})`}
            </Tag>
          ))}
        </div>
      )}
    </section>
  );
}

/**
 * /device-mng/feed/swq/column: which feeder stands at which position of which pen of a house (the
 * first one unless another is picked), pen by pen and rack by rack, with the pen's feeders that
 * stand at no position; optionally one pen.
 */
export function FeederColumnsPage(): ReactElement {
  const { t } = useTranslation(['feeding', 'common']);
  const choice = useFarmChoice(1);
  const house = useShedPick(choice.farmId);
  const [penId, setPenId] = useState<number | undefined>();
  const { shedId } = house;
  const pens = usePlanPens(choice.farmId ?? 0, shedId);
  const view = useColumnView(shedId, penId);
  if (choice.farmId === undefined) return <NoFarm farmType={choice.farmType} />;
  const data = view.data;

  return (
    <PageFrame head={{ title: menuLabel('device-mng.feed.swq.column'), subtitle: t('columns.subtitle') }}>
      <FilterBar label={t('filters.label')}>
        <FarmShedFields
          idPrefix="columns"
          texts={{ farm: t('feedRecords.fields.farm'), shed: t('racks.fields.shedId') }}
          choice={choice}
          house={house}
          onPicked={() => setPenId(undefined)}
        />
        <SelectFilter<number>
          id="columns-pen"
          label={t('racks.fields.penId')}
          width={180}
          value={penId}
          options={pens}
          onChange={setPenId}
        />
      </FilterBar>
      {data && (
        <p className="fs-muted" role="status">
          {t('columns.totals', { positions: data.positions, bound: data.bound, unplaced: data.unplaced })}
        </p>
      )}
      {view.error ? (
        <ErrorBlock title={t('columns.loadFailed')} onRetry={() => void view.refetch()} />
      ) : !data ? (
        shedId !== undefined && <LoadingBlock />
      ) : data.pens.length === 0 ? (
        <EmptyBlock title={t('columns.none')} />
      ) : (
        <div className="fs-col-pens">
          {data.pens.map((p) => (
            <PenCard key={p.penId} pen={p} />
          ))}
        </div>
      )}
    </PageFrame>
  );
}
