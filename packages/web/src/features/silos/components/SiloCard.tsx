import type { ReactElement } from 'react';
import { Progress, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SiloStatusRow } from '@farmsense/shared';
import { ACTION_COLOR, fmtKg, fmtTime, forecastText, LEVEL_COLOR, WEIGHT_COLOR } from '../model/forecast';

/** One silo on the status page: its weight and fill, the three states, the forecast and the last delivery. */
export function SiloCard({ silo }: { silo: SiloStatusRow }): ReactElement {
  const { t } = useTranslation('silos');
  const weighed = silo.weightKg !== null;
  return (
    <article className="fs-silo-card" aria-label={silo.name} data-testid="silo-card">
      <header className="fs-silo-card-head">
        <h3>{silo.name}</h3>
        <span className="fs-muted">{silo.sheds.map((s) => s.shedName).join(', ')}</span>
      </header>
      {weighed ? (
        <>
          <div className="fs-silo-weight" data-testid="silo-weight">
            {t('units.kg', { value: fmtKg(silo.weightKg!) })}
            <span className="fs-muted"> / {t('units.kg', { value: fmtKg(silo.capacityKg) })}</span>
          </div>
          <Progress percent={Math.max(0, Math.min(100, silo.fillPct ?? 0))} status={silo.level === 'normal' ? 'normal' : 'exception'} />
          <div className="fs-silo-tags">
            <Tag bordered={false} color={LEVEL_COLOR[silo.level!]} data-testid="silo-level">
              {t(`level.${silo.level}`)}
            </Tag>
            <Tag bordered={false} color={WEIGHT_COLOR[silo.weightState!]}>
              {t(`weightState.${silo.weightState}`)}
            </Tag>
            <Tag bordered={false} color={ACTION_COLOR[silo.action!]}>
              {t(`action.${silo.action}`)}
            </Tag>
          </div>
          <p className="fs-silo-forecast" data-testid="silo-forecast">
            {forecastText(t, silo.forecast)}
            {silo.forecast?.reorder && (
              <Tag color="red" className="fs-silo-reorder" data-testid="silo-reorder">
                {t('forecast.reorder')}
              </Tag>
            )}
          </p>
          <dl className="fs-silo-facts">
            <dt>{t('status.today')}</dt>
            <dd>{t('units.kg', { value: fmtKg(silo.todayConsumedKg) })}</dd>
            <dt>{t('status.lastDelivery')}</dt>
            <dd>
              {silo.lastDelivery ? t('status.delivery', { kg: fmtKg(silo.lastDelivery.kg), at: fmtTime(silo.lastDelivery.ts) }) : '—'}
            </dd>
            <dt>{t('status.lastReading')}</dt>
            <dd>{fmtTime(silo.lastTs!)}</dd>
          </dl>
        </>
      ) : (
        <p className="fs-muted" data-testid="silo-no-reading">
          {silo.gatewayId === null ? t('status.unbound') : t('status.noReading')}
        </p>
      )}
    </article>
  );
}
