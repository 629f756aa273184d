import { useState, type ReactElement } from 'react';
import { Form, Input, Modal } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { INPUT_MAX_LENGTH, updateCurrentBody } from '@farmsense/shared';
import { sessionApi } from '../../api/sessionApi';
import { toast } from '../../api/toast';
import { QK } from '../../auth/queries';
import { useSession } from '../../auth/sessionContext';
import { reportFormError } from '../../../ui/serverIssues';
import { zodRule } from '../../../ui/zodRule';

/** SPEC §2 edit account: phone required, e-mail optional (format checked), account code read-only. */
export function EditAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }): ReactElement {
  const { t } = useTranslation('shell');
  const { userInfo } = useSession();
  const client = useQueryClient();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);

  const onOk = async (): Promise<void> => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    // The form also shows the account's code and name, which the call does not take.
    const body = updateCurrentBody.parse({ phoneNo: values.phoneNo, email: values.email });
    setSaving(true);
    try {
      await sessionApi.updateCurrent(body);
      toast.success(t('editAccount.success'));
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
      title={t('editAccount.title')}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      confirmLoading={saving}
      onOk={() => void onOk()}
      onCancel={onClose}
      destroyOnHidden
      forceRender={false}
    >
      <Form
        form={form}
        name="editAccount"
        layout="vertical"
        preserve={false}
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
      </Form>
    </Modal>
  );
}
