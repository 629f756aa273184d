import { useState, type ReactElement } from 'react';
import { Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { passwordChangeSchema } from '../../auth/passwordSchema';
import { toast } from '../../api/toast';
import { PasswordFields } from '../../auth/PasswordFields';
import { useSession } from '../../auth/sessionContext';
import { usePasswordChange } from '../../auth/usePasswordChange';
import { reportFormError } from '../../../ui/serverIssues';

/** Change password from the top bar; other sessions of the account are signed out by the server. */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }): ReactElement {
  const { t } = useTranslation('shell');
  const { userInfo } = useSession();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const change = usePasswordChange();

  const onOk = async (): Promise<void> => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      if (await change(userInfo, values.oldPassword, values.newPassword)) {
        toast.success(t('changePassword.success'));
        onClose();
      }
    } catch (err) {
      reportFormError(form, err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('changePassword.title')}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      confirmLoading={saving}
      onOk={() => void onOk()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} name="changePassword" layout="vertical" preserve={false}>
        <PasswordFields
          schema={passwordChangeSchema}
          labels={{
            old: t('changePassword.oldPassword'),
            new: t('changePassword.newPassword'),
            confirm: t('changePassword.confirmPassword'),
            newHint: t('changePassword.rule'),
          }}
        />
      </Form>
    </Modal>
  );
}
