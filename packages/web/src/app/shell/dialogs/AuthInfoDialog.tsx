import type { ReactElement } from 'react';
import { Button, Descriptions, Modal, Progress, Skeleton, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { sessionApi } from '../../api/sessionApi';
import type { SystemAuth } from '../../api/types';
import { QK } from '../../auth/queries';

/** used of limit, or "unlimited" where the limit is absent (SPEC §6). */
function Usage({ used, limit }: { used: number; limit: number | null }): ReactElement {
  const { t } = useTranslation('shell');
  if (limit === null) return <span>{t('authInfo.usedUnlimited', { used })}</span>;
  const percent = limit > 0 ? Math.min(100, Math.round((used / limit) * 100)) : 100;
  return (
    <div className="fs-usage">
      <span>{t('authInfo.usedOf', { used, limit })}</span>
      <Progress percent={percent} size="small" showInfo={false} status={used >= limit ? 'exception' : 'normal'} />
    </div>
  );
}

function formatDate(value: string | null): string {
  return value ? dayjs(value).format('YYYY-MM-DD') : '—';
}

function AuthDetails({ auth }: { auth: SystemAuth }): ReactElement {
  const { t } = useTranslation('shell');
  const permanent = auth.permanent || (!auth.accountValidStartDateTime && !auth.accountValidEndDateTime);
  return (
    <Descriptions column={1} bordered size="small" className="fs-auth-info">
      <Descriptions.Item label={t('authInfo.validity')}>
        {permanent ? (
          <Tag color="green">{t('authInfo.permanent')}</Tag>
        ) : (
          `${formatDate(auth.accountValidStartDateTime)} ~ ${formatDate(auth.accountValidEndDateTime)}`
        )}
      </Descriptions.Item>
      <Descriptions.Item label={t('authInfo.validYears')}>{auth.accountValidYears ?? t('authInfo.permanent')}</Descriptions.Item>
      <Descriptions.Item label={t('authInfo.users')}>
        <Usage used={auth.used.users} limit={auth.userNum} />
      </Descriptions.Item>
      <Descriptions.Item label={t('authInfo.farms')}>
        <Usage used={auth.used.farms} limit={auth.farmNum} />
      </Descriptions.Item>
      <Descriptions.Item label={t('authInfo.devices')}>
        <Usage used={auth.used.devices} limit={auth.deviceNum} />
      </Descriptions.Item>
      <Descriptions.Item label={t('authInfo.openApi')}>{auth.isOpenAPI ? t('authInfo.yes') : t('authInfo.no')}</Descriptions.Item>
    </Descriptions>
  );
}

/** The tenant's system authorization (getSystemAuth): validity and caps with current use. */
export function AuthInfoDialog({ open, onClose }: { open: boolean; onClose: () => void }): ReactElement {
  const { t } = useTranslation('shell');
  const auth = useQuery({ queryKey: QK.systemAuth, queryFn: sessionApi.getSystemAuth, enabled: open, staleTime: 0 });
  return (
    <Modal
      open={open}
      title={t('authInfo.title')}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('actions.close')}</Button>}
      destroyOnHidden
    >
      {auth.data ? (
        <AuthDetails auth={auth.data} />
      ) : auth.isError ? (
        <div className="fs-dialog-error">
          {t('authInfo.loadFailed')}{' '}
          <Button type="link" onClick={() => void auth.refetch()}>
            {t('actions.retry')}
          </Button>
        </div>
      ) : (
        <Skeleton active paragraph={{ rows: 5 }} />
      )}
    </Modal>
  );
}
