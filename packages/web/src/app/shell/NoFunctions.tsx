import type { ReactElement } from 'react';
import { Empty } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** An account whose roles grant no page of this build: explain, do not show a blank screen. */
export function NoFunctions(): ReactElement {
  const { t } = useTranslation('shell');
  return (
    <div className="fs-center" data-testid="no-functions">
      <Empty
        image={<SafetyCertificateOutlined className="fs-empty-icon" />}
        description={
          <div className="fs-empty-text">
            <h4 className="fs-heading">{t('noFunctions.title')}</h4>
            <p className="fs-muted">{t('noFunctions.text')}</p>
          </div>
        }
      />
    </div>
  );
}
