import type { ReactElement } from 'react';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorCodes, roleAddBody, roleEditBody, ROLE_TYPES, type RoleRow, type RoleType } from '@farmsense/shared';
import { zodRules } from '../../../ui/zodRule';
import { useAddRole, useEditRole } from '../hooks/useRoleMutations';
import { useAddEditDialog } from '../../../ui/useAddEditDialog';
import { FormDialog } from '../../../ui/FormDialog';
import { Field } from '../../../ui/FormFields';
import { ChoiceButtons } from '../../../ui/ChoiceButtons';

export interface RoleFormValues {
  roleName: string;
  type: RoleType;
}

/**
 * Add or edit a role: a name unique in the tenant (10008 is shown under the name) and its level.
 * A farm-level role holds farm functions, a group-level role group functions; the level of a role
 * changes only while none of its bound functions is of the other level (the server says so on
 * the type field).
 */
export function RoleFormDialog({ role, onClose }: { role: RoleRow | null; onClose: () => void }): ReactElement {
  const { t } = useTranslation(['roles', 'common']);
  const [form] = Form.useForm<RoleFormValues>();
  const adding = role === null;
  const add = useAddRole();
  const edit = useEditRole();
  const rule = adding ? zodRules(roleAddBody) : zodRules(roleEditBody, { id: role.id });

  const dialog = useAddEditDialog(form, {
    title: adding ? t('form.addTitle') : t('form.editTitle', { name: role.roleName }),
    name: 'role',
    initialValues: role ? { roleName: role.roleName, type: role.type } : { roleName: '', type: 'farm' },
    body: (v: RoleFormValues) => ({ roleName: v.roleName.trim(), type: v.type }),
    add: (body) => add.mutateAsync(body),
    edit: role && ((body) => edit.mutateAsync({ ...body, id: role.id })),
    added: (body) => t('form.added', { name: body.roleName }),
    onClose,
    fields: { [ErrorCodes.ROLE_NAME_DUPLICATE]: 'roleName' },
  });

  return (
    <FormDialog {...dialog} width={560}>
      <Field name="roleName" label={t('fields.roleName')} rule={rule} required />
      <Form.Item
        name="type"
        label={t('fields.type')}
        required
        rules={[rule('type')]}
        extra={t(adding ? 'form.typeHint' : 'form.typeEditHint')}
      >
        <ChoiceButtons big options={ROLE_TYPES.map((v) => ({ value: v, label: t(`type.${v}`) }))} />
      </Form.Item>
    </FormDialog>
  );
}
