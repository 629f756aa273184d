import type { ReactElement } from 'react';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '../../api/toast';
import { PasswordChangeFields } from '../../auth/PasswordFields';
import { useSession } from '../../auth/sessionContext';
import { usePasswordChange } from '../../auth/usePasswordChange';
import { AccountDialog } from './AccountDialog';

interface Values {
  oldPassword: string;
  newPassword: string;
}

/** Change password from the top bar; other sessions of the account are signed out by the server. */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }): ReactElement {
  const { t } = useTranslation('shell');
  const { userInfo } = useSession();
  const [form] = Form.useForm<Values>();
  const change = usePasswordChange();

  const save = async (values: Values): Promise<void> => {
    if (await change(userInfo, values.oldPassword, values.newPassword)) {
      toast.success(t('changePassword.success'));
      onClose();
    }
  };

  return (
    <AccountDialog open={open} onClose={onClose} title={t('changePassword.title')} form={form} name="changePassword" save={save}>
      <PasswordChangeFields />
    </AccountDialog>
  );
}
