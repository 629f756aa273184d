import type { KeyboardEvent, ReactElement } from 'react';
import { Card, Tag } from 'antd';
import { HomeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { FlockRow } from '@farmsense/shared';
import type { ReportFigures } from '../flocksApi';
import { flockTypeLabel, fmt } from '../model/flocks';
import '../flocks.css';
import { CardOpenButton } from '../../../ui/CardOpenButton';

/**
 * What a current flock's card shows besides the flock itself, taken from the production report
 * of the last days: the latest weighing with the standard for that day age, livability, and the
 * feed and water of today when they have been entered (or metered).
 */
export interface CardFigures {
  livability: number | null;
  weight: { value: number; standard: number | null; dayAge: number | null } | null;
  feedKg: number | null;
  waterL: number | null;
  /** Broilers: the latest FCR point (on live weight produced), corrected to 2.5 kg, and its standard. */
  fcr: { value: number; corrected: number | null; standard: number | null; dayAge: number | null } | null;
  /** Layers and breeders: the latest day's hen-day laying rate and its standard. */
  laying: { value: number; standard: number | null } | null;
}

/** Reads a flock's card figures from report rows (one per flock and day, any order). */
export function cardFigures(rows: readonly ReportFigures[], flockId: number, today: string): CardFigures {
  const own = rows.filter((r) => r.flockId === flockId).sort((a, b) => a.period.localeCompare(b.period));
  const latest = own.at(-1);
  const weighed = [...own].reverse().find((r) => r.avgWeight !== null && r.avgWeight !== undefined);
  const todays = own.find((r) => r.period === today);
  const fcrRow = [...own].reverse().find((r) => r.fcr != null);
  const layRow = [...own].reverse().find((r) => r.layingRate != null);
  return {
    livability: latest?.livability ?? null,
    weight: weighed ? { value: weighed.avgWeight!, standard: weighed.std?.avgWeigh ?? null, dayAge: weighed.dayAgeTo } : null,
    feedKg: todays?.feedKg ?? null,
    waterL: todays?.waterL ?? null,
    fcr: fcrRow
      ? { value: fcrRow.fcr!, corrected: fcrRow.fcrCorrected ?? null, standard: fcrRow.std?.fcr ?? null, dayAge: fcrRow.dayAgeTo }
      : null,
    laying: layRow ? { value: layRow.layingRate!, standard: layRow.std?.elr ?? null } : null,
  };
}

/** Weight against standard: within 3 % is on target; below is what the farmer must act on. */
function weightTone(value: number, standard: number | null): 'ok' | 'low' | 'high' | 'none' {
  if (standard === null || standard <= 0) return 'none';
  const ratio = value / standard;
  if (ratio < 0.97) return 'low';
  if (ratio > 1.03) return 'high';
  return 'ok';
}

/** `figures` is undefined while the report loads or when it failed: the figures then read "—". */
export function FlockCard({
  flock,
  figures,
  onOpen,
}: {
  flock: FlockRow;
  figures: CardFigures | undefined;
  onOpen: (f: FlockRow) => void;
}): ReactElement {
  const { t } = useTranslation(['flocks', 'records', 'poultry']);
  const titleId = `flock-${flock.id}-title`;
  const placed = flock.maleCount + flock.femaleCount;
  const w = figures?.weight ?? null;
  const tone = w ? weightTone(w.value, w.standard) : 'none';
  const open = (): void => onOpen(flock);
  const onKey = (e: KeyboardEvent<HTMLElement>): void => {
    if (e.target === e.currentTarget && (e.key === 'Enter' || e.key === ' ')) {
      e.preventDefault();
      open();
    }
  };

  return (
    <Card
      className="fs-flock-card"
      size="small"
      role="article"
      aria-labelledby={titleId}
      data-testid="flock-card"
      tabIndex={0}
      onClick={open}
      onKeyDown={onKey}
      title={
        <div className="fs-flock-card__head">
          <span className="fs-flock-card__title" id={titleId}>
            <HomeOutlined aria-hidden /> {flock.shedName}
          </span>
          <span className="fs-flock-card__group">{t('card.group', { groupNo: flock.groupNo })}</span>
        </div>
      }
      extra={
        <span className="fs-flock-card__extra">
          <Tag color="green">{flockTypeLabel(flock.flockType)}</Tag>
          <CardOpenButton label={t('card.details', { groupNo: flock.groupNo })} onOpen={open} />
        </span>
      }
    >
      <div className="fs-flock-card__age">
        <span className="fs-flock-card__age-value" data-testid="flock-day-age">
          {t('card.dayAge', { age: flock.dayAge })}
        </span>
        <span className="fs-muted">{flock.breed || t('card.noBreed')}</span>
      </div>
      <dl className="fs-flock-card__facts">
        <div>
          <dt>{t('card.birds')}</dt>
          <dd data-testid="flock-birds">
            {fmt(flock.present)} / {fmt(placed)}
          </dd>
        </div>
        <div>
          <dt>{t('card.livability')}</dt>
          <dd>{figures?.livability != null ? `${fmt(figures.livability, 2)} ${t('poultry:unit.pct')}` : '—'}</dd>
        </div>
        <div className="fs-flock-card__wide">
          <dt>{w?.dayAge != null ? t('card.weightAt', { age: w.dayAge }) : t('card.weight')}</dt>
          <dd data-testid="flock-weight" className={`fs-flock-weight fs-flock-weight--${tone}`}>
            {w ? (
              <>
                {fmt(w.value)} {t('poultry:unit.g')}
                <span className="fs-flock-card__std">
                  {w.standard !== null ? t('card.vsStandard', { value: fmt(w.standard) }) : t('card.noStandard')}
                </span>
              </>
            ) : figures ? (
              t('card.notWeighed')
            ) : (
              '—'
            )}
          </dd>
        </div>
        {figures?.fcr && (
          <div className="fs-flock-card__wide">
            <dt>{figures.fcr.dayAge != null ? t('card.fcrAt', { age: figures.fcr.dayAge }) : t('poultry:col.fcr')}</dt>
            <dd data-testid="flock-fcr">
              {fmt(figures.fcr.value, 2)}
              <span className="fs-flock-card__std">
                {[
                  figures.fcr.corrected !== null ? t('card.fcrCorrected', { value: fmt(figures.fcr.corrected, 2) }) : null,
                  figures.fcr.standard !== null ? t('card.fcrStandard', { value: fmt(figures.fcr.standard, 2) }) : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </dd>
          </div>
        )}
        {figures?.laying && (
          <div className="fs-flock-card__wide">
            <dt>{t('card.layingRate')}</dt>
            <dd data-testid="flock-laying">
              {fmt(figures.laying.value, 1)} {t('poultry:unit.pct')}
              {figures.laying.standard !== null && (
                <span className="fs-flock-card__std">{t('card.fcrStandard', { value: fmt(figures.laying.standard, 1) })}</span>
              )}
            </dd>
          </div>
        )}
        <div>
          <dt>{t('card.feedToday')}</dt>
          <dd>{figures?.feedKg != null ? `${fmt(figures.feedKg, 1)} ${t('poultry:unit.kg')}` : figures ? t('card.notEntered') : '—'}</dd>
        </div>
        <div>
          <dt>{t('card.waterToday')}</dt>
          <dd>{figures?.waterL != null ? `${fmt(figures.waterL, 1)} ${t('poultry:unit.l')}` : figures ? t('card.notEntered') : '—'}</dd>
        </div>
      </dl>
    </Card>
  );
}
