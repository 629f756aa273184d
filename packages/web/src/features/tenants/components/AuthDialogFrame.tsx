import type { ReactElement, ReactNode } from 'react';
import { Alert, Modal, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The dialog of one of a tenant's authorizations (system, API): a save button submitting the form
 * `formId`, usable once the authorization has loaded; the form (`children`) when loaded, else a
 * load failure or a placeholder of `rows` lines.
 */
export function AuthDialogFrame({
  open,
  title,
  formId,
  loaded,
  failed,
  busy,
  width,
  rows,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  formId: string;
  loaded: boolean;
  failed: boolean;
  busy: boolean;
  width: number;
  rows: number;
  onClose: () => void;
  children: ReactNode;
}): ReactElement {
  const { t } = useTranslation(['tenants', 'common']);
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      okText={t('common:save')}
      cancelText={t('common:cancel')}
      okButtonProps={{ htmlType: 'submit', form: formId, disabled: !loaded }}
      confirmLoading={busy}
      width={width}
      destroyOnHidden
      maskClosable={false}
    >
      {loaded ? children : failed ? <Alert type="error" showIcon title={t('auth.loadFailed')} /> : <Skeleton active paragraph={{ rows }} />}
    </Modal>
  );
}
