import type { ReactElement } from 'react';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

export function NotFoundPage(): ReactElement {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  return (
    <div className="fs-center fs-center--full">
      <Result
        status="404"
        title={t('notFound.title')}
        subTitle={t('notFound.text')}
        extra={
          <Button type="primary" onClick={() => void navigate('/', { replace: true })}>
            {t('notFound.back')}
          </Button>
        }
      />
    </div>
  );
}
