import { useMemo, type ReactElement } from 'react';
import { Alert, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { safeCodeForm } from '@farmsense/shared';
import { sessionApi } from '../../api/sessionApi';
import { PasswordFields } from '../../auth/PasswordFields';
import { useSession } from '../../auth/sessionContext';
import { useEncrypt } from '../../auth/useEncrypt';
import { AccountDialog, useAccountSaved } from './AccountDialog';

interface Values {
  oldPassword?: string;
  newPassword: string;
}

/**
 * Safe code (confirms remote-control operations). When the account has none yet the dialog opens
 * by itself at startup and the old-code field is hidden (SPEC §2).
 */
export function SafeCodeDialog({ open, onClose }: { open: boolean; onClose: () => void }): ReactElement {
  const { t } = useTranslation('shell');
  const { userInfo } = useSession();
  const saved = useAccountSaved(onClose);
  const encrypt = useEncrypt();
  const [form] = Form.useForm<Values>();
  const hasOld = userInfo.hasSecurePassword;
  const schema = useMemo(() => safeCodeForm(hasOld), [hasOld]);

  const save = async (values: Values): Promise<void> => {
    const newPassword = await encrypt(values.newPassword);
    const oldPassword = hasOld ? await encrypt(values.oldPassword!) : undefined;
    if (!newPassword || (hasOld && !oldPassword)) return;
    await sessionApi.updateSecurePassword(oldPassword ? { oldPassword, newPassword } : { newPassword });
    await saved(t('safeCode.success'));
  };

  return (
    <AccountDialog
      open={open}
      onClose={onClose}
      title={hasOld ? t('safeCode.title') : t('safeCode.titleFirst')}
      cancelText={hasOld ? undefined : t('actions.later')}
      form={form}
      name="safeCode"
      save={save}
      before={<Alert type="info" showIcon className="fs-dialog-note" title={hasOld ? t('safeCode.hint') : t('safeCode.firstHint')} />}
    >
      <PasswordFields
        schema={schema}
        labels={{
          ...(hasOld ? { old: t('safeCode.oldCode') } : {}),
          new: t('safeCode.newCode'),
          confirm: t('safeCode.confirmCode'),
        }}
      />
    </AccountDialog>
  );
}
