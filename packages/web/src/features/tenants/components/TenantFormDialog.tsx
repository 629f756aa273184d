import type { ReactElement } from 'react';
import { Alert, Checkbox, Divider, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { TENANT_MODULES, tenantAddForm, tenantEditBody, type TenantModule, type TenantRow } from '@farmsense/shared';
import { useEncrypt } from '../../../app/auth/useEncrypt';
import { zodRules } from '../../../ui/zodRule';
import { useAddTenant, useEditTenant } from '../hooks/useTenantMutations';
import { moduleOptions } from '../modules';
import { useAddEditDialog } from '../../../ui/useAddEditDialog';
import { FormDialog } from '../../../ui/FormDialog';
import { NewPasswordFields } from '../../../ui/NewPasswordFields';
import { Field, FieldRow, TextInput } from '../../../ui/FormFields';

export interface TenantFormValues {
  name: string;
  contact?: string;
  phone?: string;
  address?: string;
  modules: TenantModule[];
  adminAccountCode?: string;
  adminAccountName?: string;
  adminPassword?: string;
  confirmPassword?: string;
}

/** The modules of the catalogue; one the platform no longer offers is not sent back (the server refuses it). */
function knownModule(m: string): m is TenantModule {
  return (TENANT_MODULES as readonly string[]).includes(m);
}

/** Blank optional texts are left out, as the shared schema reads them. */
function text(v: string | undefined): string | undefined {
  const s = v?.trim();
  return s ? s : undefined;
}

/**
 * Add or edit a tenant (SPEC §3 Tenant). Adding also creates the tenant's administrator with an
 * initial password, sent encrypted like the sign-in password; the administrator must change it
 * at first sign-in. The rules are the shared schemas' (tenantAddForm, tenantEditBody).
 */
export function TenantFormDialog({
  tenant,
  open,
  onClose,
}: {
  tenant: TenantRow | null;
  open: boolean;
  onClose: () => void;
}): ReactElement {
  const { t } = useTranslation(['tenants', 'common']);
  const [form] = Form.useForm<TenantFormValues>();
  const adding = tenant === null;
  const encrypt = useEncrypt();
  const add = useAddTenant();
  const edit = useEditTenant();

  const rule = adding ? zodRules(tenantAddForm) : zodRules(tenantEditBody, { id: tenant.id });

  const initialValues: TenantFormValues = tenant
    ? {
        name: tenant.name,
        contact: tenant.contact ?? '',
        phone: tenant.phone ?? '',
        address: tenant.address ?? '',
        modules: tenant.modules.filter(knownModule),
      }
    : {
        name: '',
        contact: '',
        phone: '',
        address: '',
        modules: [],
        adminAccountCode: '',
        adminAccountName: '',
        adminPassword: '',
        confirmPassword: '',
      };

  const dialog = useAddEditDialog(form, {
    title: adding ? t('form.addTitle') : t('form.editTitle', { name: tenant.name }),
    name: 'tenant',
    initialValues,
    formProps: { requiredMark: true, className: 'fs-tenant-form' },
    body: async (v: TenantFormValues) => {
      const fields = { name: v.name.trim(), contact: text(v.contact), phone: text(v.phone), address: text(v.address), modules: v.modules };
      if (!adding) return { fields, admin: null };
      const cipher = await encrypt(v.adminPassword ?? '');
      if (!cipher) return null;
      return {
        fields,
        admin: { adminAccountCode: v.adminAccountCode!.trim(), adminAccountName: v.adminAccountName!.trim(), adminPassword: cipher },
      };
    },
    add: ({ fields, admin }) => add.mutateAsync({ ...fields, ...admin! }),
    edit: tenant && (({ fields }) => edit.mutateAsync({ ...fields, id: tenant.id })),
    added: ({ fields, admin }) => t('form.added', { name: fields.name, account: admin!.adminAccountCode }),
    onClose,
  });

  return (
    <FormDialog {...dialog} open={open} width={640}>
      <Field name="name" label={t('fields.name')} rule={rule} required>
        <TextInput autoComplete="organization" />
      </Field>
      <FieldRow>
        <Field name="contact" label={t('fields.contact')} rule={rule}>
          <TextInput autoComplete="name" />
        </Field>
        <Field name="phone" label={t('fields.phone')} rule={rule}>
          <TextInput autoComplete="tel" inputMode="tel" />
        </Field>
      </FieldRow>
      <Field name="address" label={t('fields.address')} rule={rule}>
        <TextInput autoComplete="street-address" />
      </Field>
      <Field name="modules" label={t('fields.modules')} rule={rule} required extra={t('form.modulesHint')}>
        <Checkbox.Group options={moduleOptions()} />
      </Field>
      {adding && (
        <>
          <Divider titlePlacement="start" className="fs-form-divider">
            {t('form.adminSection')}
          </Divider>
          <Alert type="info" showIcon className="fs-dialog-note" title={t('form.adminNote')} />
          <FieldRow>
            <Form.Item
              name="adminAccountCode"
              label={t('fields.adminAccountCode')}
              required
              rules={[rule('adminAccountCode')]}
              extra={t('form.accountCodeHint')}
            >
              <TextInput autoComplete="off" spellCheck={false} />
            </Form.Item>
            <Field name="adminAccountName" label={t('fields.adminAccountName')} rule={rule} required />
          </FieldRow>
          <NewPasswordFields
            name="adminPassword"
            label={t('fields.adminPassword')}
            confirmLabel={t('fields.confirmPassword')}
            hint={t('form.passwordHint')}
            rule={rule}
          />
        </>
      )}
    </FormDialog>
  );
}
