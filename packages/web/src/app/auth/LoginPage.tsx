import { useEffect, useMemo, useState, type ReactElement } from 'react';
import { Button, Form, Input, Skeleton, Typography } from 'antd';
import { LockOutlined, ReloadOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { ErrorCodes, INPUT_MAX_LENGTH, loginForm } from '@farmsense/shared';
import { ApiError } from '../api/client';
import { sessionApi } from '../api/sessionApi';
import { toast } from '../api/toast';
import type { LoginResult } from '../api/types';
import { appState, useAppStore } from '../stores/appStore';
import { zodRule } from '../../ui/zodRule';
import { AuthLayout } from './AuthLayout';
import { resetSafeCodePrompt, takeFlash } from './sessionFlags';
import { loadSessionData, useConfig } from './queries';
import { useEncrypt } from './useEncrypt';

interface LoginValues {
  username: string;
  password: string;
  captchaCode?: string;
}

/** The captcha image: a button, so a click (or Enter) fetches a new code. */
function CaptchaImage({ image, loading, onRefresh }: { image?: string; loading: boolean; onRefresh: () => void }): ReactElement {
  const { t } = useTranslation('auth');
  return (
    <button type="button" className="fs-captcha" onClick={onRefresh} aria-label={t('captchaRefresh')} data-testid="captcha-image">
      {image ? (
        <img src={image} alt={t('captchaImageAlt')} />
      ) : loading ? (
        <Skeleton.Button active size="large" />
      ) : (
        <span className="fs-captcha__retry">
          <ReloadOutlined /> {t('captchaLoadFailed')}
        </span>
      )}
    </button>
  );
}

/** /login/tenant (SPEC §2, §5): sign-in with username, password and, unless disabled, a verification code. */
export function LoginPage(): ReactElement {
  const { t } = useTranslation(['auth', 'common']);
  const token = useAppStore((s) => s.token);
  const navigate = useNavigate();
  const client = useQueryClient();
  const encrypt = useEncrypt();
  const [form] = Form.useForm<LoginValues>();
  const [submitting, setSubmitting] = useState(false);
  const config = useConfig();
  // The server asks for the captcha (21005) of a name with many recent failures even when the
  // product runs without one.
  const [captchaAsked, setCaptchaAsked] = useState(false);
  const withCaptcha = (config.data?.captcha ?? true) || captchaAsked;
  const schema = useMemo(() => (withCaptcha ? loginForm : loginForm.omit({ captchaCode: true })), [withCaptcha]);
  const captcha = useQuery({
    queryKey: ['login', 'captcha'],
    queryFn: sessionApi.getCaptcha,
    enabled: !!config.data && withCaptcha,
    staleTime: 0,
    gcTime: 0,
    // A new code shortly before the old one expires, so a slow typist is not refused.
    refetchInterval: (q) => Math.max(30, (q.state.data?.expiresIn ?? 300) - 10) * 1000,
  });

  useEffect(() => {
    if (takeFlash() === 'loggedOut') toast.success(t('loggedOut'));
  }, [t]);

  if (token && !submitting) return <Navigate to="/" replace />;

  const refreshCaptcha = (): void => {
    form.setFieldValue('captchaCode', '');
    void captcha.refetch();
  };

  const enter = async (res: LoginResult, username: string): Promise<void> => {
    const previous = appState().userInfo;
    // Another account on this browser: nothing of the previous one may leak into the new session.
    if (previous && previous.accountCode !== username) appState().resetForLogout();
    client.removeQueries({ queryKey: ['session'] });
    resetSafeCodePrompt();
    appState().setToken(res.token);
    if (res.mustChangePassword) {
      await navigate('/login/change-password', { replace: true });
      return;
    }
    await loadSessionData(client);
    await navigate('/', { replace: true, state: { resume: appState().lastRoute } });
  };

  const onFinish = async (values: LoginValues): Promise<void> => {
    const username = values.username.trim();
    setSubmitting(true);
    try {
      const password = await encrypt(values.password);
      if (!password) return;
      const res = withCaptcha
        ? await sessionApi.doLoginWithCaptcha({
            username,
            password,
            captchaId: captcha.data?.captchaId ?? '',
            captchaCode: (values.captchaCode ?? '').trim(),
          })
        : await sessionApi.doLogin({ username, password });
      await enter(res, username);
    } catch (err) {
      // The client has shown the reason; a used code cannot be tried again.
      if (withCaptcha) refreshCaptcha();
      else if (err instanceof ApiError && err.code === ErrorCodes.CAPTCHA_REQUIRED) setCaptchaAsked(true);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthLayout>
      <Typography.Title level={2} className="fs-auth__title">
        {t('title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" className="fs-auth__subtitle">
        {t('subtitle')}
      </Typography.Paragraph>
      <Form<LoginValues> form={form} name="login" layout="vertical" size="large" requiredMark={false} onFinish={(v) => void onFinish(v)}>
        <Form.Item name="username" label={t('username')} rules={[zodRule(schema, 'username')]}>
          <Input prefix={<UserOutlined />} maxLength={INPUT_MAX_LENGTH} autoComplete="username" placeholder={t('usernamePlaceholder')} />
        </Form.Item>
        <Form.Item name="password" label={t('password')} rules={[zodRule(schema, 'password')]}>
          <Input.Password
            prefix={<LockOutlined />}
            maxLength={INPUT_MAX_LENGTH}
            autoComplete="current-password"
            placeholder={t('passwordPlaceholder')}
          />
        </Form.Item>
        {withCaptcha && (
          <Form.Item label={t('captcha')} htmlFor="login_captchaCode" className="fs-captcha-row">
            <div className="fs-captcha-field">
              <Form.Item name="captchaCode" noStyle rules={[zodRule(schema, 'captchaCode')]}>
                <Input
                  id="login_captchaCode"
                  prefix={<SafetyOutlined />}
                  maxLength={10}
                  autoComplete="off"
                  placeholder={t('captchaPlaceholder')}
                  aria-label={t('captcha')}
                />
              </Form.Item>
              <CaptchaImage image={captcha.data?.image} loading={captcha.isFetching} onRefresh={refreshCaptcha} />
            </div>
          </Form.Item>
        )}
        <Button type="primary" htmlType="submit" block size="large" loading={submitting} className="fs-auth__submit">
          {t('submit')}
        </Button>
      </Form>
    </AuthLayout>
  );
}
