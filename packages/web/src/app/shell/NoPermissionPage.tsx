import type { ReactElement } from 'react';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** A page of the console the account's roles do not grant (in either farm mode). */
export function NoPermissionPage(): ReactElement {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  return (
    <div className="fs-center" data-testid="no-permission">
      <Result
        status="403"
        title={t('noPermission.title')}
        subTitle={t('noPermission.text')}
        extra={
          <Button type="primary" onClick={() => void navigate('/', { replace: true })}>
            {t('noPermission.back')}
          </Button>
        }
      />
    </div>
  );
}
