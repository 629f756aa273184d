import { useEffect, useMemo, useState, type FormEvent, type ReactElement } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import type { ZodType } from 'zod';
import { ErrorCodes, INPUT_MAX_LENGTH, loginForm } from '@farmsense/shared';
import { ApiError } from '../api/client';
import { sessionApi } from '../api/sessionApi';
import { toast } from '../api/toast';
import type { LoginResult } from '../api/types';
import { tk } from '../i18n/i18n';
import { appState, useAppStore } from '../stores/appStore';
import { AuthLayout } from './AuthLayout';
import { Field, Glyph, SubmitButton } from './plain';
import { resetSafeCodePrompt, takeFlash } from './sessionFlags';
import { loadSessionData, useConfig } from './queries';
import { useEncrypt } from './useEncrypt';

interface LoginValues {
  username: string;
  password: string;
  captchaCode: string;
}
type Errors = Partial<Record<keyof LoginValues, string>>;
const EMPTY: LoginValues = { username: '', password: '', captchaCode: '' };

/** The shared schema's first message per field, translated (as the console's zodRule does). */
function check(schema: ZodType, values: LoginValues): Errors {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Errors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof LoginValues;
    if (errors[field]) continue;
    const limits = issue as { maximum?: unknown; minimum?: unknown };
    errors[field] = tk(issue.message, { max: limits.maximum, min: limits.minimum });
  }
  return errors;
}

/** The captcha image: a button, so a click (or Enter) fetches a new code. */
function CaptchaImage({ image, loading, onRefresh }: { image?: string; loading: boolean; onRefresh: () => void }): ReactElement {
  const { t } = useTranslation('auth');
  return (
    <button type="button" className="fs-captcha" onClick={onRefresh} aria-label={t('captchaRefresh')} data-testid="captcha-image">
      {image ? (
        <img src={image} alt={t('captchaImageAlt')} />
      ) : loading ? (
        <span className="fs-captcha__loading" />
      ) : (
        <span className="fs-captcha__retry">
          <Glyph name="reload" /> {t('captchaLoadFailed')}
        </span>
      )}
    </button>
  );
}

/**
 * /login/tenant (SPEC §2, §5): sign-in with username, password and, unless disabled, a verification
 * code. Built without antd (plain.tsx) so the first visit stays within its budget; the rules are
 * the shared schema's, checked on submit and again on each change of a field that was refused.
 */
export function LoginPage(): ReactElement {
  const { t } = useTranslation(['auth', 'common']);
  const token = useAppStore((s) => s.token);
  const navigate = useNavigate();
  const client = useQueryClient();
  const encrypt = useEncrypt();
  const [values, setValues] = useState<LoginValues>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
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
    setValues((v) => ({ ...v, captchaCode: '' }));
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

  const send = async (): Promise<void> => {
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
            captchaCode: values.captchaCode.trim(),
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

  /** A field's input bound to its value and message; a shown message is checked again on each change. */
  const bind = (field: keyof LoginValues): { id: string; value: string; onChange: (value: string) => void; error?: string } => ({
    id: `login_${field}`,
    value: values[field],
    onChange: (value) => {
      const next = { ...values, [field]: value };
      setValues(next);
      if (errors[field]) setErrors((e) => ({ ...e, [field]: check(schema, next)[field] }));
    },
    error: errors[field],
  });

  const onSubmit = (e: FormEvent): void => {
    e.preventDefault();
    const found = check(schema, values);
    setErrors(found);
    if (Object.keys(found).length === 0) void send();
  };

  return (
    <AuthLayout>
      <h1 className="fs-auth__heading">{t('title')}</h1>
      <p className="fs-auth__lead">{t('subtitle')}</p>
      <form name="login" noValidate onSubmit={onSubmit}>
        <Field
          {...bind('username')}
          label={t('username')}
          icon="user"
          maxLength={INPUT_MAX_LENGTH}
          autoComplete="username"
          placeholder={t('usernamePlaceholder')}
        />
        <Field
          {...bind('password')}
          type="password"
          label={t('password')}
          icon="lock"
          maxLength={INPUT_MAX_LENGTH}
          autoComplete="current-password"
          placeholder={t('passwordPlaceholder')}
        />
        {withCaptcha && (
          <Field
            {...bind('captchaCode')}
            label={t('captcha')}
            icon="shield"
            maxLength={10}
            autoComplete="off"
            placeholder={t('captchaPlaceholder')}
            addon={<CaptchaImage image={captcha.data?.image} loading={captcha.isFetching} onRefresh={refreshCaptcha} />}
          />
        )}
        <SubmitButton busy={submitting}>{t('submit')}</SubmitButton>
      </form>
    </AuthLayout>
  );
}
