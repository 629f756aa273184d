import { useState, type ReactElement, type ReactNode } from 'react';
import { Alert, Form, Input, Modal, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorCodes, type CodeKind } from '@farmsense/shared';
import { ApiError } from '../../../app/api/client';
import { useEncrypt } from '../../../app/auth/useEncrypt';
import { errorMessage } from '../../../app/i18n/i18n';

/** The confirmation a remote action sends: the kind of code and the code, encrypted (CONTRACT §3). */
export interface ControlCode {
  codeKind: CodeKind;
  code: string;
}

/** Answers about the code itself: shown under the code field, and the dialog stays open. */
const CODE_ERRORS: readonly number[] = [
  ErrorCodes.SAFE_VERIFY_FAILED,
  ErrorCodes.NOT_ENCRYPTED_INTERFACE,
  ErrorCodes.SAFE_CODE_WRONG,
  ErrorCodes.SAFE_CODE_EXPIRED,
  ErrorCodes.SAFE_CODE_NOT_SET,
];

interface Values {
  codeKind: CodeKind;
  code: string;
}

/**
 * Every remote action asks for the account's security code or an authorization code before it
 * is sent (SPEC §6). `run` receives the encrypted code; when the server refuses the code the
 * reason shows under the field and the user may try again; any other outcome closes the dialog.
 */
export function ControlCodeDialog({
  open,
  title,
  summary,
  onClose,
  run,
}: {
  open: boolean;
  title: string;
  /** What is about to be done (the houses, the change). */
  summary?: ReactNode;
  onClose: () => void;
  run: (code: ControlCode) => Promise<void>;
}): ReactElement {
  const { t } = useTranslation('control');
  const encrypt = useEncrypt();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);

  const submit = async (): Promise<void> => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const code = await encrypt(values.code);
    if (!code) return;
    setBusy(true);
    try {
      await run({ codeKind: values.codeKind, code });
      onClose();
    } catch (err) {
      if (err instanceof ApiError && CODE_ERRORS.includes(err.code)) form.setFields([{ name: 'code', errors: [errorMessage(err.code)] }]);
      else onClose();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('codeDialog.confirm')}
      confirmLoading={busy}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Alert type="warning" showIcon className="fs-dialog-note" title={t('codeDialog.hint')} description={summary} />
      <Form form={form} name="controlCode" layout="vertical" preserve={false} initialValues={{ codeKind: 'security' }}>
        <Form.Item name="codeKind" label={t('codeDialog.kind')}>
          <Radio.Group
            options={[
              { value: 'security', label: t('codeDialog.security') },
              { value: 'authorization', label: t('codeDialog.authorization') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="code"
          label={t('codeDialog.code')}
          rules={[{ required: true, whitespace: true, message: t('codeDialog.required') }]}
        >
          <Input.Password autoComplete="off" maxLength={50} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
