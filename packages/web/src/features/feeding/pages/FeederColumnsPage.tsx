import { useState, type ReactElement } from 'react';
import { Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ColumnPen } from '@farmsense/shared';
import { NoFarm, useFarmChoice, useShedOptions } from '../../../app/farm';
import { menuLabel } from '../../../app/i18n/i18n';
import { FarmSelect } from '../../../ui/FarmSelect';
import { FilterBar, FilterField } from '../../../ui/FilterBar';
import { PageHead } from '../../../ui/PageParts';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../../ui/QueryStates';
import { usePlanPens } from '../api';
import { useColumnView } from '../rackApi';
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
  const sheds = useShedOptions(choice.farmId);
  const [picked, setPicked] = useState<number | undefined>();
  const [penId, setPenId] = useState<number | undefined>();
  const shedId = picked ?? sheds.data?.[0]?.value;
  const pens = usePlanPens(choice.farmId ?? 0, shedId);
  const view = useColumnView(shedId, penId);
  if (choice.farmId === undefined) return <NoFarm farmType={choice.farmType} />;
  const data = view.data;

  return (
    <section className="fs-admin-page" aria-labelledby="page-title">
      <PageHead title={menuLabel('device-mng.feed.swq.column')} subtitle={t('columns.subtitle')} />
      <div className="fs-panel">
        <FilterBar label={t('filters.label')}>
          <FilterField id="columns-farm" label={t('feedRecords.fields.farm')} width={220}>
            <FarmSelect
              id="columns-farm"
              choice={choice}
              onPicked={() => {
                setPicked(undefined);
                setPenId(undefined);
              }}
            />
          </FilterField>
          <FilterField id="columns-shed" label={t('racks.fields.shedId')} width={200}>
            <Select<number>
              id="columns-shed"
              value={shedId}
              options={sheds.data ?? []}
              onChange={(v) => {
                setPicked(v);
                setPenId(undefined);
              }}
            />
          </FilterField>
          <FilterField id="columns-pen" label={t('racks.fields.penId')} width={180}>
            <Select<number> id="columns-pen" allowClear placeholder={t('common:all')} value={penId} options={pens} onChange={setPenId} />
          </FilterField>
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
      </div>
    </section>
  );
}
