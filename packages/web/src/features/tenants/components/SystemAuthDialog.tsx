import { useState, type ReactElement } from 'react';
import { Alert, Form, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { systemAuthBody, type SystemAuthView, type TenantOptions, type TenantRow } from '@farmsense/shared';
import { toast } from '../../../app/api/toast';
import { reportFormError } from '../../../ui/serverIssues';
import { zodRule } from '../../../ui/zodRule';
import { useSystemAuth, useTenantOptions, type SystemAuthRequest } from '../api';
import { useSaveSystemAuth } from '../hooks/useTenantMutations';
import { validityToForm, type ValidityFormValues } from '../validity';
import { accountChoices, capOrNull, listOrNull, validityAlias, validityBody, type ValidityNames } from './authForm';
import { AuthDialogFrame } from './AuthDialogFrame';
import { LimitSelect } from './LimitSelect';
import { ValidityFields } from './ValidityFields';
import { FieldRow } from '../../../ui/FormFields';
import { NumberInput } from '../../../ui/NumberInput';

interface SystemAuthFormValues extends ValidityFormValues {
  userNum: number | null;
  farmNum: number | null;
  deviceNum: number | null;
  isOpenAPI: boolean;
  allowAccounts: number[];
}

const NAMES: ValidityNames = { years: 'accountValidYears', start: 'accountValidStartDateTime', end: 'accountValidEndDateTime' };

function toRequest(tenantId: number, v: Partial<SystemAuthFormValues>): SystemAuthRequest {
  return {
    tenantId,
    ...(validityBody(v, NAMES) as Pick<SystemAuthRequest, 'accountValidYears' | 'accountValidStartDateTime' | 'accountValidEndDateTime'>),
    userNum: capOrNull(v.userNum),
    farmNum: capOrNull(v.farmNum),
    deviceNum: capOrNull(v.deviceNum),
    isOpenAPI: !!v.isOpenAPI,
    allowAccounts: listOrNull(v.allowAccounts),
  };
}

function SystemAuthForm({
  tenant,
  view,
  options,
  onDone,
  formId,
  setBusy,
}: {
  tenant: TenantRow;
  view: SystemAuthView;
  options: TenantOptions | undefined;
  onDone: () => void;
  formId: string;
  setBusy: (b: boolean) => void;
}): ReactElement {
  const { t } = useTranslation(['tenants', 'common']);
  const [form] = Form.useForm<SystemAuthFormValues>();
  const save = useSaveSystemAuth();
  const toBody = (v: Record<string, unknown>): SystemAuthRequest => toRequest(tenant.id, v as Partial<SystemAuthFormValues>);
  const rule = (field: string): ReturnType<typeof zodRule> => zodRule(systemAuthBody, field, toBody);
  const chosen = Form.useWatch('allowAccounts', form);
  const adminLeftOut = !!chosen && chosen.length > 0 && tenant.adminAccountId !== null && !chosen.includes(tenant.adminAccountId);

  const initialValues: SystemAuthFormValues = {
    ...validityToForm(view.accountValidYears, view.accountValidStartDateTime, view.accountValidEndDateTime),
    userNum: view.userNum,
    farmNum: view.farmNum,
    deviceNum: view.deviceNum,
    isOpenAPI: view.isOpenAPI,
    allowAccounts: view.allowAccounts ?? [],
  };

  const submit = async (v: SystemAuthFormValues): Promise<void> => {
    setBusy(true);
    try {
      await save.mutateAsync(toRequest(tenant.id, v));
      toast.success(t('common:savedSuccessfully'));
      onDone();
    } catch (err) {
      reportFormError(form, err, validityAlias(v.validityMode, NAMES));
    } finally {
      setBusy(false);
    }
  };

  const cap = (name: 'userNum' | 'farmNum' | 'deviceNum', used: number): ReactElement => (
    <Form.Item name={name} label={t(`auth.${name}`)} extra={t('auth.inUse', { count: used })} rules={[rule(name)]}>
      <NumberInput integer placeholder={t('auth.unlimited')} />
    </Form.Item>
  );

  return (
    <Form form={form} id={formId} layout="vertical" initialValues={initialValues} onFinish={(v) => void submit(v)} name="systemAuth">
      <ValidityFields idPrefix="sys" rule={(w) => rule(NAMES[w])} />
      <FieldRow>
        {cap('userNum', view.used.users)}
        {cap('farmNum', view.used.farms)}
        {cap('deviceNum', view.used.devices)}
      </FieldRow>
      <Form.Item name="isOpenAPI" label={t('auth.isOpenAPI')} valuePropName="checked" extra={t('auth.isOpenAPIHint')}>
        <Switch />
      </Form.Item>
      <Form.Item name="allowAccounts" label={t('auth.allowAccounts')} extra={t('auth.allowAccountsHint')}>
        <LimitSelect placeholder={t('auth.allAccounts')} options={accountChoices(options)} />
      </Form.Item>
      {adminLeftOut && <Alert type="warning" showIcon title={t('auth.adminLeftOut')} />}
    </Form>
  );
}

/**
 * System authorization of one tenant (SPEC §3, §6): validity, user / farm / device caps (empty =
 * unlimited), the open-API switch and the accounts allowed to sign in. Saving replaces it whole;
 * whoever it shuts out is signed out by the server at once.
 */
export function SystemAuthDialog({ tenant, onClose }: { tenant: TenantRow | null; onClose: () => void }): ReactElement {
  const { t } = useTranslation(['tenants', 'common']);
  const view = useSystemAuth(tenant?.id);
  const options = useTenantOptions(tenant?.id);
  const [busy, setBusy] = useState(false);
  const formId = 'tenant-system-auth';
  return (
    <AuthDialogFrame
      open={tenant !== null}
      title={tenant ? t('auth.systemTitle', { name: tenant.name }) : ''}
      formId={formId}
      loaded={!!tenant && !!view.data}
      failed={view.isError}
      busy={busy}
      width={680}
      rows={6}
      onClose={onClose}
    >
      {tenant && view.data && (
        <SystemAuthForm tenant={tenant} view={view.data} options={options.data} onDone={onClose} formId={formId} setBusy={setBusy} />
      )}
    </AuthDialogFrame>
  );
}
