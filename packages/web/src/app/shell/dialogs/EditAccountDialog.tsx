import type { ReactElement } from 'react';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { INPUT_MAX_LENGTH, updateCurrentBody } from '@farmsense/shared';
import { sessionApi } from '../../api/sessionApi';
import { useSession } from '../../auth/sessionContext';
import { zodRule } from '../../../ui/zodRule';
import { AccountDialog, useAccountSaved } from './AccountDialog';

interface Values {
  accountCode: string;
  accountName: string;
  phoneNo: string;
  email: string;
}

/** SPEC §2 edit account: phone required, e-mail optional (format checked), account code read-only. */
export function EditAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }): ReactElement {
  const { t } = useTranslation('shell');
  const { userInfo } = useSession();
  const saved = useAccountSaved(onClose);
  const [form] = Form.useForm<Values>();

  const save = async (values: Values): Promise<void> => {
    // The form also shows the account's code and name, which the call does not take.
    await sessionApi.updateCurrent(updateCurrentBody.parse({ phoneNo: values.phoneNo, email: values.email }));
    await saved(t('editAccount.success'));
  };

  return (
    <AccountDialog
      open={open}
      onClose={onClose}
      title={t('editAccount.title')}
      form={form}
      name="editAccount"
      save={save}
      initialValues={{
        accountCode: userInfo.accountCode,
        accountName: userInfo.accountName,
        phoneNo: userInfo.phoneNo ?? '',
        email: userInfo.email ?? '',
      }}
    >
      <Form.Item name="accountCode" label={t('editAccount.accountCode')}>
        <Input readOnly variant="filled" />
      </Form.Item>
      <Form.Item name="accountName" label={t('editAccount.accountName')}>
        <Input readOnly variant="filled" />
      </Form.Item>
      <Form.Item name="phoneNo" label={t('editAccount.phoneNo')} required rules={[zodRule(updateCurrentBody, 'phoneNo')]}>
        <Input maxLength={INPUT_MAX_LENGTH} autoComplete="tel" inputMode="tel" />
      </Form.Item>
      <Form.Item name="email" label={t('editAccount.email')} rules={[zodRule(updateCurrentBody, 'email')]}>
        <Input maxLength={INPUT_MAX_LENGTH} autoComplete="email" inputMode="email" />
      </Form.Item>
    </AccountDialog>
  );
}
