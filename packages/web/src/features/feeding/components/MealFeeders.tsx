import type { ReactElement } from 'react';
import { Alert, Spin, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MealFeederRow } from '@farmsense/shared';
import { formatDateTime } from '../../../app/i18n/numbers';
import { useMealFeeders } from '../mealApi';

/** Where a feeder stands with the adjusted meals: confirmed, sent and waiting, failed, or not sent yet (an older copy). */
export function feederState(f: MealFeederRow): 'confirmed' | 'pending' | 'failed' | 'notSent' {
  if (!f.adjusted) return 'notSent';
  if (f.status !== 'sent') return 'pending';
  return f.result === 1 ? 'confirmed' : 'failed';
}
const COLOR = { confirmed: 'green', pending: 'processing', failed: 'red', notSent: 'default' } as const;

/**
 * The adjusted house's or pen's feeders (a row's expanded part): each with the plan it runs and
 * whether it confirmed the adjusted meals, the copy's attempts and when it was sent.
 */
export function MealFeeders({ id }: { id: number }): ReactElement {
  const { t } = useTranslation('feeding');
  const feeders = useMealFeeders(id);
  if (feeders.isPending) return <Spin size="small" />;
  if (feeders.isError) return <Alert type="error" showIcon message={t('meal.feedersFailed')} />;
  if (feeders.data.length === 0) return <span>{t('meal.noFeeders')}</span>;
  return (
    <ul className="fs-cell-stack" aria-label={t('meal.feeders')} data-testid="meal-feeders">
      {feeders.data.map((f) => {
        const state = feederState(f);
        return (
          <li key={f.feederId} data-testid="meal-feeder">
            <strong>
              {f.feederNo} · {f.feederName}
            </strong>{' '}
            {f.penColumn !== null && t('plan.penLabel', { column: f.penColumn, row: f.penRow })}{' '}
            <Tag color={COLOR[state]}>{t(`meal.states.${state}`)}</Tag>
            {f.planName !== null && t('meal.copyLine', { plan: f.planName, attempts: f.attempts })}
            {f.sentAt !== null && ` · ${formatDateTime(f.sentAt)}`}
          </li>
        );
      })}
    </ul>
  );
}
