import { useMemo, type ReactElement } from 'react';
import { Alert, Col, Divider, Form, Row, Select, Switch, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  accountAddForm,
  accountUpdateBody,
  AccountType,
  ErrorCodes,
  GENDERS,
  MANAGED_ACCOUNT_TYPES,
  type AccountRowWithScope,
  type RoleRow,
} from '@farmsense/shared';
import { useEncrypt } from '../../../app/auth/useEncrypt';
import { enumLabel } from '../../../ui/enumLabel';
import { zodRule } from '../../../ui/zodRule';
import { optionalText } from '../../../ui/formErrors';
import { useAddAccount, useUpdateAccount } from '../hooks/useAccountMutations';
import { AreaCodeSelect } from '../../../ui/AreaCodeSelect';
import { useAddEditDialog } from '../../../ui/useAddEditDialog';
import { FormDialog } from '../../../ui/FormDialog';
import { NewPasswordFields } from '../../../ui/NewPasswordFields';
import { useFarms } from '../../../app/auth/queries';
import { Field, FieldRow, TextInput } from '../../../ui/FormFields';
import { ChoiceButtons } from '../../../ui/ChoiceButtons';

type Gender = (typeof GENDERS)[number];

export interface AccountFormValues {
  accountCode: string;
  accountName: string;
  password?: string;
  confirmPassword?: string;
  resetPassword?: boolean;
  areaCode?: string;
  phoneNo: string;
  email?: string;
  name?: string;
  gender?: Gender;
  jobNo?: string;
  accountType: 2 | 3;
  roleIds: number[];
  farmIds: number[];
}

function initialValues(account: AccountRowWithScope | null): AccountFormValues {
  if (!account) {
    return {
      accountCode: '',
      accountName: '',
      password: '',
      confirmPassword: '',
      phoneNo: '',
      email: '',
      accountType: 2,
      roleIds: [],
      farmIds: [],
    };
  }
  return {
    accountCode: account.accountCode,
    accountName: account.accountName,
    resetPassword: false,
    areaCode: account.areaCode ?? undefined,
    phoneNo: account.phoneNo ?? '',
    email: account.email ?? '',
    name: account.name ?? '',
    gender: GENDERS.find((g) => g === account.gender),
    jobNo: account.jobNo ?? '',
    accountType: account.accountType === AccountType.FARM_SUPER_ADMIN ? 3 : 2,
    roleIds: account.roles.map((r) => r.id),
    farmIds: account.farms.map((f) => f.id),
  };
}

/**
 * Add or edit an account (SPEC §3 Account, §5). Adding sets an initial password, sent encrypted
 * like the sign-in password, that the account must change at its first sign-in; editing can reset
 * it the same way. The account code is fixed once created. A tenant administrator sees every farm
 * and keeps its type, so those fields are not offered for it. The rules are the shared schemas'.
 */
export function AccountFormDialog({
  account,
  roles,
  onClose,
}: {
  account: AccountRowWithScope | null;
  roles: RoleRow[];
  onClose: () => void;
}): ReactElement {
  const { t } = useTranslation(['accounts', 'common']);
  const [form] = Form.useForm<AccountFormValues>();
  const adding = account === null;
  const isAdmin = account?.accountType === AccountType.TENANT_ADMIN;
  const farms = useFarms();
  const encrypt = useEncrypt();
  const add = useAddAccount();
  const update = useUpdateAccount();
  const resetPassword = Form.useWatch('resetPassword', form) === true;
  const withPassword = adding || resetPassword;

  const rule = useMemo(() => {
    const editBody = (v: Record<string, unknown>): unknown => ({ ...v, id: account?.id ?? 1 });
    // The password rule is the add form's; on edit it reads the fixed account code from the row.
    const passwordBody = (v: Record<string, unknown>): unknown => ({ ...v, accountCode: account?.accountCode ?? v.accountCode });
    return (field: string): ReturnType<typeof zodRule> =>
      adding
        ? zodRule(accountAddForm, field)
        : field === 'password' || field === 'confirmPassword'
          ? zodRule(accountAddForm, field, passwordBody)
          : zodRule(accountUpdateBody, field, editBody);
  }, [adding, account]);

  const dialog = useAddEditDialog(form, {
    title: adding ? t('form.addTitle') : t('form.editTitle', { name: account.accountName }),
    name: 'account',
    initialValues: initialValues(account),
    formProps: { requiredMark: true },
    body: async (v: AccountFormValues) => {
      const cipher = withPassword ? await encrypt(v.password ?? '') : undefined;
      if (cipher === null) return null;
      const profile = {
        accountName: v.accountName.trim(),
        phoneNo: v.phoneNo.trim(),
        email: optionalText(v.email),
        name: optionalText(v.name),
        gender: v.gender,
        jobNo: optionalText(v.jobNo),
        areaCode: v.areaCode || undefined,
        roleIds: v.roleIds,
      };
      return { v, profile, cipher };
    },
    add: ({ v, profile, cipher }) =>
      add.mutateAsync({ ...profile, accountCode: v.accountCode.trim(), password: cipher!, accountType: v.accountType, farmIds: v.farmIds }),
    edit:
      account &&
      (({ v, profile, cipher }) =>
        update.mutateAsync({
          ...profile,
          id: account.id,
          ...(isAdmin ? {} : { accountType: v.accountType, farmIds: v.farmIds }),
          ...(cipher ? { password: cipher } : {}),
        })),
    added: ({ v }) => t('form.added', { account: v.accountCode.trim().toLowerCase() }),
    onClose,
    fields: { [ErrorCodes.ACCOUNT_EXISTS]: 'accountCode', [ErrorCodes.PASSWORD_TOO_WEAK]: 'password' },
    limit: { code: ErrorCodes.USER_LIMIT, hint: t('form.limitHint'), testId: 'user-limit' },
  });

  const roleOptions = roles.map((r) => ({
    value: r.id,
    label: r.roleName,
    title: r.roleName,
    type: r.type,
  }));

  return (
    <FormDialog {...dialog} width={760}>
      <FieldRow>
        <Form.Item
          name="accountCode"
          label={t('fields.accountCode')}
          required={adding}
          rules={adding ? [rule('accountCode')] : []}
          extra={adding ? t('form.accountCodeHint') : t('form.accountCodeFixed')}
        >
          <TextInput autoComplete="off" spellCheck={false} readOnly={!adding} disabled={!adding} />
        </Form.Item>
        <Field name="accountName" label={t('fields.accountName')} rule={rule} required />
      </FieldRow>
      {!adding && (
        <Form.Item name="resetPassword" label={t('fields.resetPassword')} valuePropName="checked" extra={t('form.resetHint')}>
          <Switch />
        </Form.Item>
      )}
      {withPassword && (
        <NewPasswordFields
          name="password"
          label={t('fields.password')}
          confirmLabel={t('fields.confirmPassword')}
          hint={t('form.passwordHint')}
          rule={rule}
        />
      )}
      <FieldRow spans={[8, 16]}>
        <Field name="areaCode" label={t('fields.areaCode')} rule={rule}>
          <AreaCodeSelect placeholder={t('common:select')} />
        </Field>
        <Field name="phoneNo" label={t('fields.phoneNo')} rule={rule} required>
          <TextInput autoComplete="tel" inputMode="tel" />
        </Field>
      </FieldRow>
      <Field name="email" label={t('fields.email')} rule={rule}>
        <TextInput autoComplete="email" inputMode="email" />
      </Field>
      <Row gutter={16}>
        <Col xs={24} sm={10}>
          <Field name="name" label={t('fields.name')} rule={rule}>
            <TextInput autoComplete="name" />
          </Field>
        </Col>
        <Col xs={12} sm={6}>
          <Field name="gender" label={t('fields.gender')} rule={rule}>
            <Select allowClear placeholder={t('common:select')} options={GENDERS.map((g) => ({ value: g, label: t(`gender.${g}`) }))} />
          </Field>
        </Col>
        <Col xs={12} sm={8}>
          <Field name="jobNo" label={t('fields.jobNo')} rule={rule} />
        </Col>
      </Row>
      <Divider titlePlacement="start" className="fs-form-divider">
        {t('form.accessSection')}
      </Divider>
      {isAdmin ? (
        <Alert type="info" showIcon className="fs-dialog-note" title={t('form.adminNote')} />
      ) : (
        <Field name="accountType" label={t('fields.accountType')} rule={rule} required>
          <ChoiceButtons big options={MANAGED_ACCOUNT_TYPES.map((v) => ({ value: v, label: enumLabel('accountType', v) }))} />
        </Field>
      )}
      <Field name="roleIds" label={t('fields.roles')} rule={rule} extra={t('form.rolesHint')}>
        <Select
          mode="multiple"
          allowClear
          placeholder={t('form.noRole')}
          options={roleOptions}
          showSearch={{ optionFilterProp: 'title' }}
          optionRender={(o) => (
            <span>
              {o.data.label} <Tag bordered={false}>{t(`roleType.${o.data.type}`)}</Tag>
            </span>
          )}
        />
      </Field>
      {!isAdmin && (
        <Field name="farmIds" label={t('fields.farms')} rule={rule} extra={t('form.farmsHint')}>
          <Select
            mode="multiple"
            allowClear
            placeholder={t('form.noFarm')}
            options={farms.map((f) => ({ value: f.id, label: f.farmName }))}
            showSearch={{ optionFilterProp: 'label' }}
          />
        </Field>
      )}
    </FormDialog>
  );
}
