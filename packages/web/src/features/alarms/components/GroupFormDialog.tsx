import { useState, type ReactElement } from 'react';
import { Form, Input, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorCodes, ruleGroupAddBody, ruleGroupUpdateBody, type RuleGroupRow } from '@farmsense/shared';
import { FormDialog } from '../../../ui/FormDialog';
import { Field, FieldRow } from '../../../ui/FormFields';
import { optionalText } from '../../../ui/formErrors';
import { useAddEditDialog } from '../../../ui/useAddEditDialog';
import { zodRule } from '../../../ui/zodRule';
import { useAddRuleGroup, useUpdateRuleGroup } from '../api';

interface GroupFormValues {
  shedType?: number;
  name: string;
  enabled: boolean;
  remark?: string;
}

/**
 * Add a rule group for the chosen farm and a shed type, or rename, enable or disable one (its
 * farm and shed type stay: the server keeps them fixed). A name used in the farm (10010) shows
 * under the name.
 */
export function GroupFormDialog({
  farmId,
  group,
  shedTypes,
  onClose,
}: {
  farmId: number;
  group: RuleGroupRow | null;
  shedTypes: { value: number; label: string }[];
  onClose: () => void;
}): ReactElement {
  const { t } = useTranslation(['alarms', 'common']);
  const [form] = Form.useForm<GroupFormValues>();
  const [initial] = useState<GroupFormValues>(() =>
    group
      ? { shedType: group.shedType, name: group.name, enabled: group.enabled, remark: group.remark ?? '' }
      : { shedType: undefined, name: '', enabled: true, remark: '' },
  );
  const add = useAddRuleGroup();
  const update = useUpdateRuleGroup();
  const toBody = (v: Record<string, unknown>): Record<string, unknown> => ({ ...v, remark: optionalText(v.remark as string | undefined) });
  const rule = (field: string): ReturnType<typeof zodRule> =>
    group
      ? zodRule(ruleGroupUpdateBody, field, (v) => ({ ...toBody(v), shedType: undefined, id: group.id }))
      : zodRule(ruleGroupAddBody, field, (v) => ({ ...toBody(v), farmId }));

  const dialog = useAddEditDialog(form, {
    title: group ? t('groups.editTitle', { name: group.name }) : t('groups.addTitle'),
    name: 'ruleGroup',
    initialValues: initial,
    body: (v: GroupFormValues) => ({ name: v.name.trim(), enabled: v.enabled, remark: optionalText(v.remark), shedType: v.shedType! }),
    add: (body) => add.mutateAsync({ ...body, farmId }),
    edit: group && (({ shedType: _fixed, ...body }) => update.mutateAsync({ ...body, id: group.id })),
    added: (body) => t('groups.added', { name: body.name }),
    onClose,
    fields: { [ErrorCodes.NAME_EXISTS]: 'name' },
  });

  return (
    <FormDialog {...dialog} width={560}>
      <FieldRow spans={[16, 8]}>
        <Field name="shedType" label={t('groups.fields.shedType')} rule={rule} required>
          <Select disabled={group !== null} placeholder={t('common:select')} options={shedTypes} />
        </Field>
        <Form.Item name="enabled" label={t('groups.fields.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </FieldRow>
      <Field name="name" label={t('groups.fields.name')} rule={rule} required />
      <Field name="remark" label={t('groups.fields.remark')} rule={rule}>
        <Input.TextArea rows={2} maxLength={200} />
      </Field>
    </FormDialog>
  );
}
