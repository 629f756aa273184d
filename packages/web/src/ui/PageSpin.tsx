import type { ReactElement } from 'react';
import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** Centred loading indicator for a page or the whole screen. */
export function PageSpin({ full = false }: { full?: boolean }): ReactElement {
  const { t } = useTranslation('shell');
  return (
    <div className={full ? 'fs-center fs-center--full' : 'fs-center'} role="status" aria-live="polite">
      <Spin size="large" />
      <span className="fs-center__label">{t('loading')}</span>
    </div>
  );
}
