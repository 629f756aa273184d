import { useState, type ReactElement } from 'react';
import { Alert, Button, Form, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '../api/toast';
import { appState } from '../stores/appStore';
import { PageSpin } from '../../ui/PageSpin';
import { reportFormError } from '../../ui/serverIssues';
import { AuthLayout } from './AuthLayout';
import { logout } from './logout';
import { PasswordChangeFields } from './PasswordFields';
import { loadSessionData, useUserInfo } from './queries';
import { usePasswordChange } from './usePasswordChange';

interface Values {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** /login/change-password: the forced change on first sign-in (SPEC §5), before anything else. */
export function ChangePasswordPage(): ReactElement {
  const { t } = useTranslation(['auth', 'shell']);
  const navigate = useNavigate();
  const client = useQueryClient();
  const info = useUserInfo(true);
  const change = usePasswordChange();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  if (!info.data) return <PageSpin full />;
  const user = info.data;

  const onFinish = async (values: Values): Promise<void> => {
    setSaving(true);
    try {
      if (!(await change(user, values.oldPassword, values.newPassword))) return;
      toast.success(t('shell:changePassword.success'));
      await loadSessionData(client);
      await navigate('/', { replace: true, state: { resume: appState().lastRoute } });
    } catch (err) {
      reportFormError(form, err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <AuthLayout>
      <Typography.Title level={2} className="fs-auth__title">
        {t('forced.title')}
      </Typography.Title>
      <Alert type="warning" showIcon title={t('forced.hint')} className="fs-dialog-note" />
      <Form<Values> form={form} name="forcedPassword" layout="vertical" size="large" onFinish={(v) => void onFinish(v)}>
        <PasswordChangeFields />
        <Button type="primary" htmlType="submit" block loading={saving} className="fs-auth__submit">
          {t('forced.submit')}
        </Button>
        <Button type="link" block onClick={() => void logout()}>
          {t('forced.backToLogin')}
        </Button>
      </Form>
    </AuthLayout>
  );
}
