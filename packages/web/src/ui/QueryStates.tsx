import type { ReactElement, ReactNode } from 'react';
import { Button, Empty, Result } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/**
 * Loading placeholder shaped like the content it stands for (cards or rows): a title bar and three
 * lines per block, shimmering (global.css `.fs-skeleton`; still where the user asks for reduced
 * motion). Drawn with CSS rather than antd's Skeleton, which every page would load for it.
 */
export function LoadingBlock({ rows = 3, label }: { rows?: number; label?: string }): ReactElement {
  const { t } = useTranslation('shell');
  return (
    <div className="fs-state fs-state--loading" role="status" aria-live="polite" aria-label={label ?? t('loading')}>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="fs-skeleton" aria-hidden>
          <span className="fs-skeleton__title" />
          <span />
          <span />
          <span className="fs-skeleton__last" />
        </div>
      ))}
    </div>
  );
}

/** A failed load with a way to try again (the reason was already shown as a toast). */
export function ErrorBlock({ title, onRetry }: { title: string; onRetry: () => void }): ReactElement {
  const { t } = useTranslation('shell');
  return (
    <Result
      className="fs-state"
      status="warning"
      title={title}
      subTitle={t('states.errorHint')}
      extra={
        <Button type="primary" icon={<ReloadOutlined />} onClick={onRetry}>
          {t('actions.retry')}
        </Button>
      }
    />
  );
}

/** Nothing to show, said plainly, with what to do about it. */
export function EmptyBlock({ title, hint, action }: { title: string; hint?: string; action?: ReactNode }): ReactElement {
  return (
    <div className="fs-state fs-state--empty">
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          <div className="fs-empty-text">
            <div className="fs-empty-text__title">{title}</div>
            {hint && <div className="fs-empty-text__hint">{hint}</div>}
          </div>
        }
      >
        {action}
      </Empty>
    </div>
  );
}
