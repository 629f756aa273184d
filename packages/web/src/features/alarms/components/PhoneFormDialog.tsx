import { useState, type ReactElement } from 'react';
import { Button, Form, Input, Switch, type FormRule } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  byPriority,
  ErrorCodes,
  phoneConfigAddBody,
  PUSH_MIN_CALLEES,
  PUSH_MIN_CALLERS,
  PUSH_TEMPLATE_MAX,
  type Locale,
  type PhoneConfigRow,
} from '@farmsense/shared';
import { tk } from '../../../app/i18n/i18n';
import { FormDialog } from '../../../ui/FormDialog';
import { Field, FieldRow, TextInput } from '../../../ui/FormFields';
import { optionalText } from '../../../ui/formErrors';
import { NumberInput } from '../../../ui/NumberInput';
import { useAddEditDialog } from '../../../ui/useAddEditDialog';
import { zodRule } from '../../../ui/zodRule';
import { PushLanguageField, pushLanguage } from './PushLanguageField';
import { useAddPhoneConfig, useUpdatePhoneConfig, type PhoneAddRequest } from '../pushApi';

interface Contact {
  name: string;
  number: string;
  priority: number | null;
}
interface PhoneFormValues {
  callers: Contact[];
  callees: Contact[];
  templateId: string;
  templateContent: string;
  language: Locale;
  intervalMinutes: number | null;
  enabled: boolean;
}
type ListName = 'callers' | 'callees';

// The template's own placeholders, shown as they are typed.
const PLACEHOLDERS = { farm: '{{farm}}', shed: '{{shed}}', alarms: '{{alarms}}' };

const blank = (priority: number): Contact => ({ name: '', number: '', priority });

function initialValues(row: PhoneConfigRow | null, locale: Locale): PhoneFormValues {
  if (!row) {
    return {
      callers: [blank(1)],
      callees: [blank(2), blank(1)],
      templateId: '',
      templateContent: '',
      language: locale,
      intervalMinutes: 10,
      enabled: true,
    };
  }
  return {
    callers: byPriority(row.callers),
    callees: byPriority(row.callees),
    templateId: row.templateId ?? '',
    templateContent: row.templateContent,
    language: row.language,
    intervalMinutes: row.intervalMinutes,
    enabled: row.enabled,
  };
}

const toRequest = (v: Record<string, unknown>, farmId: number): Record<string, unknown> => ({
  ...v,
  templateId: optionalText(v.templateId as string | undefined),
  farmId,
});

/**
 * Add or edit the phone notification configuration of a farm (SPEC §3 "Notification
 * configuration", §5): the numbers a call or SMS comes from (at least 1) and those called in
 * priority order, higher first (at least 2), priorities distinct within each list (the shared
 * schema's repeatedPriority check is mirrored on every repeated entry as it is typed); the template the call says and the SMS
 * reads, its language and the repeat interval. A second configuration for the farm (20029) is told
 * above the lists.
 */
export function PhoneFormDialog({
  farmId,
  row,
  onClose,
}: {
  farmId: number;
  row: PhoneConfigRow | null;
  onClose: () => void;
}): ReactElement {
  const { t, i18n } = useTranslation(['alarms', 'common', 'shell']);
  const [form] = Form.useForm<PhoneFormValues>();
  const [initial] = useState(() => initialValues(row, pushLanguage(i18n.language)));
  const add = useAddPhoneConfig();
  const update = useUpdatePhoneConfig();
  const rule = (field: string): FormRule => zodRule(phoneConfigAddBody, field, (v) => toRequest(v, farmId));

  /** The schema's first issue at [list, index, field], e.g. a number that is not one. */
  const contactRule =
    (list: ListName, index: number, field: keyof Contact): FormRule =>
    ({ getFieldsValue }) => ({
      validator: async (): Promise<void> => {
        const values = getFieldsValue(true) as PhoneFormValues;
        const contacts = values[list] ?? [];
        if (field === 'priority' && contacts[index]?.priority != null) {
          // Each repeat is marked, not only the first the shared repeatedPriority names.
          const p = contacts[index]!.priority;
          if (contacts.slice(0, index).some((c) => c?.priority === p)) throw new Error(tk('validation.priorityRepeated'));
        }
        const result = phoneConfigAddBody.safeParse(toRequest(values as unknown as Record<string, unknown>, farmId));
        if (result.success) return;
        const issue = result.error.issues.find((i) => i.path[0] === list && i.path[1] === index && i.path[2] === field);
        if (issue) throw new Error(tk(issue.message));
      },
    });

  const contactList = (list: ListName, min: number): ReactElement => (
    <Form.Item label={t(`pushConfig.phone.fields.${list}`)} required extra={t('pushConfig.phone.priorityHint')}>
      <Form.List
        name={list}
        rules={[
          {
            validator: async (_, v: unknown[]) =>
              (v?.length ?? 0) >= min ? undefined : Promise.reject(new Error(tk(`validation.${list}Min`))),
          },
        ]}
      >
        {(fields, { add: addRow, remove }, { errors }) => (
          <div data-testid={`phone-${list}`}>
            {fields.map((f, i) => (
              <FieldRow key={f.key} spans={[8, 9, 5, 2]}>
                <Form.Item name={[f.name, 'name']} rules={[contactRule(list, i, 'name')]}>
                  <TextInput
                    aria-label={t('pushConfig.phone.nameOf', { list: t(`pushConfig.phone.fields.${list}`), n: i + 1 })}
                    placeholder={t('pushConfig.phone.fields.name')}
                  />
                </Form.Item>
                <Form.Item name={[f.name, 'number']} rules={[contactRule(list, i, 'number')]}>
                  <TextInput
                    aria-label={t('pushConfig.phone.numberOf', { list: t(`pushConfig.phone.fields.${list}`), n: i + 1 })}
                    placeholder={t('pushConfig.phone.fields.number')}
                  />
                </Form.Item>
                <Form.Item
                  name={[f.name, 'priority']}
                  rules={[contactRule(list, i, 'priority')]}
                  dependencies={fields.map((o) => [list, o.name, 'priority'])}
                >
                  <NumberInput
                    integer
                    aria-label={t('pushConfig.phone.priorityOf', { list: t(`pushConfig.phone.fields.${list}`), n: i + 1 })}
                    placeholder={t('pushConfig.phone.fields.priority')}
                  />
                </Form.Item>
                <Button
                  type="text"
                  icon={<DeleteOutlined />}
                  aria-label={t('pushConfig.phone.removeOf', { list: t(`pushConfig.phone.fields.${list}`), n: i + 1 })}
                  disabled={fields.length <= min}
                  onClick={() => remove(f.name)}
                />
              </FieldRow>
            ))}
            <Form.ErrorList errors={errors} />
            <Button icon={<PlusOutlined />} onClick={() => addRow(blank(0))}>
              {t(`pushConfig.phone.add_${list}`)}
            </Button>
          </div>
        )}
      </Form.List>
    </Form.Item>
  );

  const dialog = useAddEditDialog(form, {
    title: row ? t('pushConfig.phone.editTitle') : t('pushConfig.phone.addTitle'),
    name: 'phoneConfig',
    initialValues: initial,
    body: (v: PhoneFormValues) => toRequest(v as unknown as Record<string, unknown>, farmId) as unknown as PhoneAddRequest,
    add: (body) => add.mutateAsync(body),
    edit: row && ((body) => update.mutateAsync({ ...body, id: row.id })),
    added: () => t('pushConfig.phone.added'),
    onClose,
    fields: { [ErrorCodes.PUSH_RULE_EXISTS]: 'templateContent' },
  });

  return (
    <FormDialog {...dialog} width={760}>
      {contactList('callers', PUSH_MIN_CALLERS)}
      {contactList('callees', PUSH_MIN_CALLEES)}
      <FieldRow spans={[12, 12]}>
        <Field name="templateId" label={t('pushConfig.phone.fields.templateId')} rule={rule} />
        <PushLanguageField rule={rule} />
      </FieldRow>
      <Field
        name="templateContent"
        label={t('pushConfig.phone.fields.templateContent')}
        rule={rule}
        required
        extra={t('pushConfig.phone.templateHint', PLACEHOLDERS)}
      >
        <Input.TextArea rows={3} maxLength={PUSH_TEMPLATE_MAX} showCount />
      </Field>
      <FieldRow spans={[12, 12]}>
        <Field name="intervalMinutes" label={t('pushConfig.fields.intervalMinutes')} rule={rule} required>
          <NumberInput integer />
        </Field>
        <Form.Item name="enabled" label={t('pushConfig.fields.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </FieldRow>
    </FormDialog>
  );
}
