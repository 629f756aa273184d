import { useMemo, useState, type ReactElement } from 'react';
import { Checkbox, Form, Input, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  ALARM_KEY_KINDS,
  ALARM_LEVELS,
  ErrorCodes,
  COMMAND_PROPERTY,
  OFFLINE_PROPERTY,
  parseEmailList,
  PUSH_METHODS,
  pushStrategyAddBody,
  ALARM_KINDS,
  type Locale,
  type PushMethod,
  type PushStrategyRow,
  type AlarmKind,
} from '@farmsense/shared';
import { FormDialog } from '../../../ui/FormDialog';
import { Field, FieldRow } from '../../../ui/FormFields';
import { NumberInput } from '../../../ui/NumberInput';
import { useAddEditDialog } from '../../../ui/useAddEditDialog';
import { zodRule } from '../../../ui/zodRule';
import { PushLanguageField, pushLanguage } from './PushLanguageField';
import { keyLabel } from '../../environment';
import { useAddStrategy, useFarmPeople, useUpdateStrategy, type StrategyAddRequest } from '../pushApi';

interface StrategyFormValues {
  name: string;
  levels: number[];
  kinds: AlarmKind[];
  properties: string[];
  accountIds: number[];
  extraEmails: string;
  language: Locale;
  methods: PushMethod[];
  intervalMinutes: number | null;
  sendDelaySec: number | null;
  enabled: boolean;
}

const PROPERTIES = [...Object.keys(ALARM_KEY_KINDS), OFFLINE_PROPERTY, COMMAND_PROPERTY];

function initialValues(row: PushStrategyRow | null, locale: Locale): StrategyFormValues {
  if (!row) {
    return {
      name: '',
      levels: [...ALARM_LEVELS],
      kinds: [...ALARM_KINDS],
      properties: [],
      accountIds: [],
      extraEmails: '',
      language: locale,
      methods: ['email'],
      intervalMinutes: 30,
      sendDelaySec: 60,
      enabled: true,
    };
  }
  return {
    name: row.name,
    levels: row.levels,
    kinds: row.kinds,
    properties: row.properties,
    accountIds: row.people.map((p) => p.id),
    extraEmails: row.extraEmails.join(';'),
    language: row.language,
    methods: row.methods,
    intervalMinutes: row.intervalMinutes,
    sendDelaySec: row.sendDelaySec,
    enabled: row.enabled,
  };
}

const toRequest = (v: Record<string, unknown>, farmId: number): Record<string, unknown> => ({
  ...v,
  name: typeof v.name === 'string' ? v.name.trim() : v.name,
  farmId,
});

/**
 * Add or edit the push strategy of a farm (SPEC §3 "Push strategy"): which alarms (levels, rule
 * kinds, properties: none means all), to whom (the accounts who can see the farm, from
 * GET /warning/push/people, the only ones the server takes under `accountIds`) and which extra
 * addresses (a semicolon list checked by the shared parseEmailList as it is typed, naming the
 * first bad one), in which language, how, how often repeated and how long alarms of a shed are
 * gathered into one message. A second strategy for the farm (20029) shows under the name.
 */
export function StrategyFormDialog({
  farmId,
  row,
  onClose,
}: {
  farmId: number;
  row: PushStrategyRow | null;
  onClose: () => void;
}): ReactElement {
  const { t, i18n } = useTranslation(['alarms', 'common', 'shell']);
  const [form] = Form.useForm<StrategyFormValues>();
  const [initial] = useState(() => initialValues(row, pushLanguage(i18n.language)));
  const people = useFarmPeople(farmId);
  const accounts = useMemo(() => (people.data ?? []).map((p) => ({ value: p.id, label: p.name })), [people.data]);
  const add = useAddStrategy();
  const update = useUpdateStrategy();
  const rule = (field: string): ReturnType<typeof zodRule> => zodRule(pushStrategyAddBody, field, (v) => toRequest(v, farmId));
  const emailRule = () => ({
    validator: async (_: unknown, text: string | undefined): Promise<void> => {
      const r = parseEmailList(text ?? '');
      if ('bad' in r) {
        const bad = (text ?? '')
          .split(/[;；]/)
          .map((s) => s.trim())
          .filter((s) => s !== '')[r.bad];
        throw new Error(t('pushConfig.strategy.badEmail', { email: bad }));
      }
    },
  });

  const dialog = useAddEditDialog(form, {
    title: row ? t('pushConfig.strategy.editTitle', { name: row.name }) : t('pushConfig.strategy.addTitle'),
    name: 'pushStrategy',
    initialValues: initial,
    body: (v: StrategyFormValues) => ({ ...toRequest(v as unknown as Record<string, unknown>, farmId) }) as unknown as StrategyAddRequest,
    add: (body) => add.mutateAsync(body),
    edit: row && ((body) => update.mutateAsync({ ...body, id: row.id })),
    added: (body) => t('pushConfig.strategy.added', { name: body.name }),
    onClose,
    fields: { [ErrorCodes.PUSH_RULE_EXISTS]: 'name' },
  });

  /** A whole number of minutes or seconds, with what it means under it. */
  const minutesOrSeconds = (name: string, label: string, hint: string): ReactElement => (
    <Field name={name} label={label} rule={rule} required extra={hint}>
      <NumberInput integer />
    </Field>
  );

  return (
    <FormDialog {...dialog} width={760}>
      <FieldRow spans={[16, 8]}>
        <Field name="name" label={t('pushConfig.strategy.fields.name')} rule={rule} required />
        <Form.Item name="enabled" label={t('pushConfig.fields.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </FieldRow>
      <FieldRow spans={[12, 12]}>
        <Field name="levels" label={t('pushConfig.strategy.fields.levels')} rule={rule} required>
          <Checkbox.Group options={ALARM_LEVELS.map((l) => ({ value: l, label: t(`levels.${l}`) }))} />
        </Field>
        <Field name="kinds" label={t('pushConfig.strategy.fields.kinds')} rule={rule} required>
          <Checkbox.Group options={ALARM_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))} />
        </Field>
      </FieldRow>
      <Field name="properties" label={t('pushConfig.strategy.fields.properties')} rule={rule}>
        <Select
          mode="multiple"
          allowClear
          placeholder={t('pushConfig.strategy.allProperties')}
          showSearch={{ optionFilterProp: 'label' }}
          options={PROPERTIES.map((k) => ({
            value: k,
            label:
              k === OFFLINE_PROPERTY
                ? t('kinds.offline')
                : k === COMMAND_PROPERTY
                  ? t('kinds.commandFailed')
                  : `${keyLabel(k).trim()} (${k})`,
          }))}
        />
      </Field>
      <Field name="accountIds" label={t('pushConfig.strategy.fields.people')} rule={rule} extra={t('pushConfig.strategy.peopleHint')}>
        <Select
          mode="multiple"
          allowClear
          loading={people.isPending}
          placeholder={t('common:select')}
          showSearch={{ optionFilterProp: 'label' }}
          options={accounts}
        />
      </Field>
      <Form.Item
        name="extraEmails"
        label={t('pushConfig.strategy.fields.extraEmails')}
        rules={[emailRule, rule('extraEmails')]}
        extra={t('pushConfig.strategy.extraEmailsHint')}
      >
        <Input placeholder="a@example.com;b@example.com" autoComplete="off" />
      </Form.Item>
      <FieldRow spans={[12, 12]}>
        <Field name="methods" label={t('pushConfig.strategy.fields.methods')} rule={rule} required>
          <Checkbox.Group options={PUSH_METHODS.map((m) => ({ value: m, label: t(`push.methods.${m}`) }))} />
        </Field>
        <PushLanguageField rule={rule} />
      </FieldRow>
      <FieldRow spans={[12, 12]}>
        {minutesOrSeconds('intervalMinutes', t('pushConfig.fields.intervalMinutes'), t('pushConfig.strategy.intervalHint'))}
        {minutesOrSeconds('sendDelaySec', t('pushConfig.strategy.fields.sendDelaySec'), t('pushConfig.strategy.delayHint'))}
      </FieldRow>
    </FormDialog>
  );
}
