import { useMemo, useState, type ReactElement } from 'react';
import { Alert, Button, Form, Input, Modal, Space, Tag } from 'antd';
import { KeyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { API_VISIT_WAYS, apiAuthBody, type ApiAuthView, type ApiVisitWay, type TenantOptions, type TenantRow } from '@farmsense/shared';
import { toast } from '../../../app/api/toast';
import { enumLabel } from '../../../ui/enumLabel';
import { reportFormError } from '../../../ui/serverIssues';
import { zodRule } from '../../../ui/zodRule';
import { useApiAuth, useTenantOptions, type ApiAuthRequest } from '../api';
import { useSaveApiAuth } from '../hooks/useTenantMutations';
import { validityToForm, type ValidityFormValues } from '../validity';
import { AccessCodeDialog } from './AccessCodeDialog';
import { AuthDialogFrame } from './AuthDialogFrame';
import { accountChoices, capOrNull, listOrNull, validityAlias, validityBody, type ValidityNames } from './authForm';
import { functionTree, FunctionTree, treeCodes } from './FunctionTree';
import { LimitSelect } from './LimitSelect';
import { ValidityFields } from './ValidityFields';
import { Field, FieldRow } from '../../../ui/FormFields';
import { validValues } from '../../../ui/useFormSave';
import { NumberInput } from '../../../ui/NumberInput';
import { ChoiceButtons } from '../../../ui/ChoiceButtons';

interface ApiAuthFormValues extends ValidityFormValues {
  apiVisitWay: ApiVisitWay;
  ipAddress: string;
  apiVisitTimes: number | null;
  functions: string[];
  farms: number[];
  allowAccounts: number[];
}

const NAMES: ValidityNames = { years: 'apiValidYears', start: 'apiValidStartDateTime', end: 'apiValidEndDateTime' };

/** One address or range per line or comma; the server takes a comma-separated list. */
function ipList(text: string | undefined): string | null {
  const parts = (text ?? '').split(/[\s,;]+/).filter(Boolean);
  return parts.length > 0 ? parts.join(',') : null;
}

function toRequest(tenantId: number, v: Partial<ApiAuthFormValues>, regenerate: boolean): ApiAuthRequest {
  return {
    tenantId,
    ...(validityBody(v, NAMES) as Pick<ApiAuthRequest, 'apiValidYears' | 'apiValidStartDateTime' | 'apiValidEndDateTime'>),
    apiVisitWay: v.apiVisitWay ?? 'both',
    ipAddress: ipList(v.ipAddress),
    apiVisitTimes: capOrNull(v.apiVisitTimes),
    allowAccounts: listOrNull(v.allowAccounts),
    functions: listOrNull(v.functions),
    farms: listOrNull(v.farms),
    regenerate,
  };
}

function ApiAuthForm(props: {
  tenant: TenantRow;
  view: ApiAuthView;
  options: TenantOptions | undefined;
  formId: string;
  onSaved: (code: string | null) => void;
  setBusy: (b: boolean) => void;
}): ReactElement {
  const { tenant, view, options, formId, onSaved, setBusy } = props;
  const { t } = useTranslation(['tenants', 'common']);
  const [form] = Form.useForm<ApiAuthFormValues>();
  const save = useSaveApiAuth();
  const [generating, setGenerating] = useState(false);
  const toBody = (v: Record<string, unknown>): ApiAuthRequest => toRequest(tenant.id, v as Partial<ApiAuthFormValues>, false);
  const rule = (field: string): ReturnType<typeof zodRule> => zodRule(apiAuthBody, field, toBody);
  const known = useMemo(() => treeCodes(functionTree(tenant.modules)), [tenant.modules]);

  const initialValues: ApiAuthFormValues = {
    ...validityToForm(view.apiValidYears, view.apiValidStartDateTime, view.apiValidEndDateTime),
    apiVisitWay: view.apiVisitWay ?? 'both',
    ipAddress: (view.ipAddress ?? '').split(',').filter(Boolean).join('\n'),
    apiVisitTimes: view.apiVisitTimes,
    functions: (view.functions ?? []).filter((c) => known.has(c)),
    farms: view.farms ?? [],
    allowAccounts: view.allowAccounts ?? [],
  };

  const send = async (v: ApiAuthFormValues, regenerate: boolean): Promise<void> => {
    setBusy(true);
    try {
      const saved = await save.mutateAsync(toRequest(tenant.id, v, regenerate));
      toast.success(t('common:savedSuccessfully'));
      onSaved(saved.codeGenerated ? saved.apiAuthCode : null);
    } catch (err) {
      reportFormError(form, err, { ...validityAlias(v.validityMode, NAMES), ipAddress: 'ipAddress' });
    } finally {
      setBusy(false);
    }
  };

  const generate = async (): Promise<void> => {
    const v = await validValues(form);
    if (v === null) return;
    const go = async (): Promise<void> => {
      setGenerating(true);
      await send(v, true);
      setGenerating(false);
    };
    if (!view.apiAuthCode) return go();
    Modal.confirm({
      title: t('code.replaceTitle'),
      content: t('code.replaceText'),
      okText: t('code.generate'),
      okButtonProps: { danger: true },
      cancelText: t('common:cancel'),
      onOk: go,
    });
  };

  return (
    <Form form={form} id={formId} layout="vertical" initialValues={initialValues} onFinish={(v) => void send(v, false)} name="apiAuth">
      {!view.isOpenAPI && <Alert type="warning" showIcon className="fs-dialog-note" title={t('api.closed')} />}
      <div className="fs-access-code-row">
        <Space wrap>
          <span className="fs-muted">{t('api.accessCode')}</span>
          {view.apiAuthCode ? <Tag color="green">{t('api.codeSet')}</Tag> : <Tag>{t('api.codeNone')}</Tag>}
        </Space>
        <Button icon={<KeyOutlined />} onClick={() => void generate()} loading={generating}>
          {t('code.generate')}
        </Button>
      </div>
      <ValidityFields idPrefix="api" rule={(w) => rule(NAMES[w])} />
      <FieldRow>
        <Field name="apiVisitWay" label={t('api.visitWay')} rule={rule}>
          <ChoiceButtons options={API_VISIT_WAYS.map((w) => ({ value: w, label: t(`api.way.${w}`) }))} />
        </Field>
        <Field name="apiVisitTimes" label={t('api.visitTimes')} extra={t('api.visitTimesHint')} rule={rule}>
          <NumberInput integer placeholder={t('auth.unlimited')} />
        </Field>
      </FieldRow>
      <Field name="ipAddress" label={t('api.ipAddress')} extra={t('api.ipAddressHint')} rule={rule}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} placeholder={t('api.anyAddress')} spellCheck={false} />
      </Field>
      <Form.Item name="functions" label={t('api.functions')} extra={t('api.functionsHint')}>
        <FunctionTree modules={tenant.modules} />
      </Form.Item>
      <FieldRow>
        <Form.Item name="farms" label={t('api.farms')} extra={t('api.farmsHint')}>
          <LimitSelect
            placeholder={t('api.allFarms')}
            options={(options?.farms ?? []).map((f) => ({ value: f.id, label: `${f.farmName} · ${enumLabel('farmType', f.type)}` }))}
          />
        </Form.Item>
        <Form.Item name="allowAccounts" label={t('auth.allowAccounts')} extra={t('api.accountsHint')}>
          <LimitSelect placeholder={t('auth.allAccounts')} options={accountChoices(options)} />
        </Form.Item>
      </FieldRow>
    </Form>
  );
}

/**
 * API authorization of one tenant (SPEC §3, §6): validity, http / https / both, allowed IPs,
 * daily call count (empty = unlimited), functions, farms and accounts, and a new access code on
 * demand, shown once. Saving replaces the authorization whole; the code stays unless regenerated.
 */
export function ApiAuthDialog({ tenant, onClose }: { tenant: TenantRow | null; onClose: () => void }): ReactElement {
  const { t } = useTranslation(['tenants', 'common']);
  const view = useApiAuth(tenant?.id);
  const options = useTenantOptions(tenant?.id);
  const [busy, setBusy] = useState(false);
  const [code, setCode] = useState<string | null>(null);
  const [codeFor, setCodeFor] = useState('');
  const formId = 'tenant-api-auth';
  return (
    <>
      <AuthDialogFrame
        open={tenant !== null}
        title={tenant ? t('api.title', { name: tenant.name }) : ''}
        formId={formId}
        loaded={!!tenant && !!view.data}
        failed={view.isError}
        busy={busy}
        width={720}
        rows={8}
        onClose={onClose}
      >
        {tenant && view.data && (
          <ApiAuthForm
            tenant={tenant}
            view={view.data}
            options={options.data}
            formId={formId}
            setBusy={setBusy}
            onSaved={(generated) => {
              if (generated) {
                setCodeFor(tenant.name);
                setCode(generated);
              }
              onClose();
            }}
          />
        )}
      </AuthDialogFrame>
      <AccessCodeDialog code={code} tenantName={codeFor} onClose={() => setCode(null)} />
    </>
  );
}
