import type { ReactElement } from 'react';
import { Alert, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * A gateway's check code, shown once: right after the gateway was added or its code regenerated.
 * The server keeps only a hash, so this is the one chance to copy it into the device.
 */
export function CheckCodeDialog({ name, code, onClose }: { name: string; code: string; onClose: () => void }): ReactElement {
  const { t } = useTranslation(['devices', 'common']);
  return (
    <Modal
      open
      title={t('checkCode.title', { name })}
      onOk={onClose}
      onCancel={onClose}
      okText={t('checkCode.done')}
      cancelButtonProps={{ style: { display: 'none' } }}
      maskClosable={false}
      destroyOnHidden
    >
      <Alert type="warning" showIcon title={t('checkCode.once')} />
      <Typography.Paragraph style={{ marginTop: 16 }}>
        <Typography.Text code copyable={{ text: code }} data-testid="check-code" style={{ fontSize: 18 }}>
          {code}
        </Typography.Text>
      </Typography.Paragraph>
    </Modal>
  );
}
