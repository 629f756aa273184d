import type { ReactElement } from 'react';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ZodType } from 'zod';
import { INPUT_MAX_LENGTH } from '@farmsense/shared';
import { zodRule } from '../../ui/zodRule';
import { passwordChangeSchema } from './passwordSchema';

export interface PasswordFieldLabels {
  old?: string;
  new: string;
  confirm: string;
  newHint?: string;
}

/**
 * Old / new / confirmation fields checked by a shared schema (changePasswordForm or safeCodeForm).
 * `labels.old` undefined hides the old field (first safe code).
 */
export function PasswordFields({ schema, labels }: { schema: ZodType; labels: PasswordFieldLabels }): ReactElement {
  return (
    <>
      {labels.old !== undefined && (
        <Form.Item name="oldPassword" label={labels.old} required rules={[zodRule(schema, 'oldPassword')]}>
          <Input.Password maxLength={INPUT_MAX_LENGTH} autoComplete="current-password" />
        </Form.Item>
      )}
      <Form.Item name="newPassword" label={labels.new} required extra={labels.newHint} rules={[zodRule(schema, 'newPassword')]}>
        <Input.Password maxLength={INPUT_MAX_LENGTH} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={labels.confirm}
        required
        dependencies={['newPassword']}
        rules={[zodRule(schema, 'confirmPassword')]}
      >
        <Input.Password maxLength={INPUT_MAX_LENGTH} autoComplete="new-password" />
      </Form.Item>
    </>
  );
}

/** The fields of a password change (top bar dialog, forced change after sign-in): old, new with its rule, confirmation. */
export function PasswordChangeFields(): ReactElement {
  const { t } = useTranslation('shell');
  return (
    <PasswordFields
      schema={passwordChangeSchema}
      labels={{
        old: t('changePassword.oldPassword'),
        new: t('changePassword.newPassword'),
        confirm: t('changePassword.confirmPassword'),
        newHint: t('changePassword.rule'),
      }}
    />
  );
}
