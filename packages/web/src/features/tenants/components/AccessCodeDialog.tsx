import { useState, type ReactElement } from 'react';
import { Alert, Button, Modal, Typography } from 'antd';
import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../app/api/toast';
import { copyText } from '../../../ui/copyText';

/**
 * Shows a newly generated API access code, once. The server keeps only its hash, so this is the
 * only moment anyone can read it: the dialog says so and offers a copy button.
 */
export function AccessCodeDialog({
  code,
  tenantName,
  onClose,
}: {
  code: string | null;
  tenantName: string;
  onClose: () => void;
}): ReactElement {
  const { t } = useTranslation('tenants');
  const [copied, setCopied] = useState(false);

  const copy = async (): Promise<void> => {
    if (!code) return;
    if (await copyText(code)) {
      setCopied(true);
      toast.success(t('code.copied'));
    } else {
      toast.warning(t('code.copyFailed'));
    }
  };

  return (
    <Modal
      open={code !== null}
      title={t('code.title', { name: tenantName })}
      onCancel={onClose}
      width={560}
      destroyOnHidden
      maskClosable={false}
      afterClose={() => setCopied(false)}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('code.done')}
        </Button>
      }
    >
      <Alert type="warning" showIcon className="fs-dialog-note" title={t('code.onceTitle')} description={t('code.onceText')} />
      <div className="fs-access-code">
        <Typography.Text code className="fs-access-code__value" data-testid="api-access-code" aria-label={t('code.label')}>
          {code}
        </Typography.Text>
        <Button icon={copied ? <CheckOutlined /> : <CopyOutlined />} onClick={() => void copy()}>
          {copied ? t('code.copiedShort') : t('code.copy')}
        </Button>
      </div>
    </Modal>
  );
}
