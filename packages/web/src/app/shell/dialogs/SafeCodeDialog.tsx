import { useMemo, useState, type ReactElement } from 'react';
import { Alert, Form, Modal } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { safeCodeForm } from '@farmsense/shared';
import { sessionApi } from '../../api/sessionApi';
import { toast } from '../../api/toast';
import { PasswordFields } from '../../auth/PasswordFields';
import { QK } from '../../auth/queries';
import { useSession } from '../../auth/sessionContext';
import { useEncrypt } from '../../auth/useEncrypt';
import { reportFormError } from '../../../ui/serverIssues';

/**
 * Safe code (confirms remote-control operations). When the account has none yet the dialog opens
 * by itself at startup and the old-code field is hidden (SPEC §2).
 */
export function SafeCodeDialog({ open, onClose }: { open: boolean; onClose: () => void }): ReactElement {
  const { t } = useTranslation('shell');
  const { userInfo } = useSession();
  const client = useQueryClient();
  const encrypt = useEncrypt();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const hasOld = userInfo.hasSecurePassword;
  const schema = useMemo(() => safeCodeForm(hasOld), [hasOld]);

  const onOk = async (): Promise<void> => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      const newPassword = await encrypt(values.newPassword);
      const oldPassword = hasOld ? await encrypt(values.oldPassword) : undefined;
      if (!newPassword || (hasOld && !oldPassword)) return;
      await sessionApi.updateSecurePassword(oldPassword ? { oldPassword, newPassword } : { newPassword });
      toast.success(t('safeCode.success'));
      await client.invalidateQueries({ queryKey: QK.userInfo });
      onClose();
    } catch (err) {
      reportFormError(form, err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={hasOld ? t('safeCode.title') : t('safeCode.titleFirst')}
      okText={t('actions.save')}
      cancelText={hasOld ? t('actions.cancel') : t('actions.later')}
      confirmLoading={saving}
      onOk={() => void onOk()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Alert type="info" showIcon className="fs-dialog-note" title={hasOld ? t('safeCode.hint') : t('safeCode.firstHint')} />
      <Form form={form} name="safeCode" layout="vertical" preserve={false}>
        <PasswordFields
          schema={schema}
          labels={{
            ...(hasOld ? { old: t('safeCode.oldCode') } : {}),
            new: t('safeCode.newCode'),
            confirm: t('safeCode.confirmCode'),
          }}
        />
      </Form>
    </Modal>
  );
}
