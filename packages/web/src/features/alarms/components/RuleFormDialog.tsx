import { useState, type ReactElement } from 'react';
import { Alert, Divider, Form, Input, Select, Switch, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  ALARM_KEY_KINDS,
  ALARM_LEVELS,
  ALARM_MESSAGE_MAX,
  ALARM_OPERATORS,
  RATE_DIRECTIONS,
  alarmRuleAddBody,
  ErrorCodes,
  RULE_KINDS,
  type AlarmRuleRow,
  type RuleGroupRow,
} from '@farmsense/shared';
import { ApiError } from '../../../app/api/client';
import { tk } from '../../../app/i18n/i18n';
import { FormDialog } from '../../../ui/FormDialog';
import { Field, FieldRow } from '../../../ui/FormFields';
import { NumberInput } from '../../../ui/NumberInput';
import { countOptions } from '../../../ui/numberOptions';
import { useAddEditDialog } from '../../../ui/useAddEditDialog';
import { keyLabel } from '../../environment';
import { useAddRule, useUpdateRule } from '../api';
import { initialRule, ruleInput, stagesProblem, VALUE_KINDS, type RuleFormValues, type StageProblem } from '../model/ruleForm';
import { StageEditor } from './StageEditor';
import { ChoiceButtons } from '../../../ui/ChoiceButtons';

/** The form fields that stand for another request field. */
const REQUEST_FIELD: Readonly<Record<string, string>> = { valueKind: 'property', sensor: 'property' };

const samePath = (a: readonly PropertyKey[], b: readonly PropertyKey[]): boolean => a.length === b.length && a.every((p, i) => p === b[i]);

/**
 * Add or edit a rule of a group: what it watches (a telemetry value of any kind of CONTRACT §4,
 * one sensor or each of the kind, or the device states offline and command failed), when it fires (operator and
 * the limits of each day-age stage, held for a duration, released past a deadband; or no data for
 * N minutes), its level and the message staff read. Every field is checked by the shared schema,
 * the stage ranges by the shared `stageProblem` as the user types.
 */
export function RuleFormDialog({
  group,
  rule,
  onClose,
}: {
  group: RuleGroupRow;
  rule: AlarmRuleRow | null;
  onClose: () => void;
}): ReactElement {
  const { t } = useTranslation(['alarms', 'common']);
  const [form] = Form.useForm<RuleFormValues>();
  const [initial] = useState(() => initialRule(rule));
  const [serverProblem, setServerProblem] = useState<StageProblem>(null);
  const add = useAddRule();
  const update = useUpdateRule();
  const kind = Form.useWatch('kind', form) ?? initial.kind;
  const valueKind = Form.useWatch('valueKind', form) ?? initial.valueKind;
  const operator = Form.useWatch('operator', form) ?? initial.operator;
  const stages = Form.useWatch('stages', form) ?? initial.stages;
  const problem = kind === 'threshold' ? (stagesProblem(stages) ?? serverProblem) : null;

  /** The schema's first issue at `path` of the request the form stands for. */
  const ruleAt =
    (path: readonly PropertyKey[]): FormRule =>
    ({ getFieldsValue }) => ({
      validator: async (): Promise<void> => {
        const result = alarmRuleAddBody.safeParse(ruleInput(getFieldsValue(true) as RuleFormValues, group.id));
        if (result.success) return;
        const issue = result.error.issues.find((i) => samePath(i.path, path));
        if (!issue) return;
        const limits = issue as { maximum?: unknown; minimum?: unknown };
        throw new Error(tk(issue.message, { max: limits.maximum, min: limits.minimum }));
      },
    });
  const fieldRule = (field: string): FormRule => ruleAt([REQUEST_FIELD[field] ?? field]);
  const stageRule = (index: number, field: string): FormRule => ruleAt(['stages', index, field]);

  const dialog = useAddEditDialog(form, {
    title: rule ? t('rules.editTitle', { name: rule.name }) : t('rules.addTitle', { group: group.name }),
    name: 'alarmRule',
    initialValues: initial,
    formProps: { onValuesChange: () => setServerProblem(null) },
    body: (v: RuleFormValues) => {
      setServerProblem(null);
      if (v.kind === 'threshold' && stagesProblem(v.stages)) return null;
      // The form's rules passed, so the request parses.
      return alarmRuleAddBody.parse(ruleInput(v, group.id));
    },
    add: (body) => add.mutateAsync(body),
    edit: rule && ((body) => update.mutateAsync({ ...body, id: rule.id })),
    added: (body) => t('rules.added', { name: body.name }),
    onClose,
    fields: { [ErrorCodes.NAME_EXISTS]: 'name' },
    onRefused: (code, err) => {
      // The server names the stage row of a day-age refusal.
      if ((code === 20027 || code === 20028) && err instanceof ApiError) {
        const index = (err.data as { index?: unknown } | null)?.index;
        setServerProblem({ code, index: typeof index === 'number' ? index : 0 });
      }
    },
  });

  const sensors = valueKind ? (ALARM_KEY_KINDS[valueKind] ?? 1) : 1;
  return (
    <FormDialog {...dialog} width={880}>
      <FieldRow spans={[14, 10]}>
        <Field name="name" label={t('rules.fields.name')} rule={fieldRule} required />
        <Form.Item name="enabled" label={t('rules.fields.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </FieldRow>
      <Field name="kind" label={t('rules.fields.kind')} rule={fieldRule} required>
        <ChoiceButtons options={RULE_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))} />
      </Field>
      {kind === 'commandFailed' && <Alert type="info" showIcon className="fs-dialog-note" title={t('rules.commandFailedHint')} />}
      {(kind === 'threshold' || kind === 'noData' || kind === 'rateOfChange') && (
        <FieldRow spans={[12, 12]}>
          <Field name="valueKind" label={t('rules.fields.property')} rule={fieldRule} required>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              options={VALUE_KINDS.map((k) => ({ value: k, label: `${keyLabel(k).trim()} (${k})` }))}
              onChange={() => form.setFieldsValue({ sensor: null })}
            />
          </Field>
          <Field name="sensor" label={t('rules.fields.sensor')} rule={fieldRule} extra={t('rules.fields.sensorHint', { max: sensors })}>
            <Select allowClear placeholder={t('rules.fields.everySensor')} options={countOptions(sensors)} />
          </Field>
        </FieldRow>
      )}
      <FieldRow spans={[8, 8, 8]}>
        <Field name="level" label={t('rules.fields.level')} rule={fieldRule} required>
          <Select options={ALARM_LEVELS.map((l) => ({ value: l, label: t(`levels.${l}`) }))} />
        </Field>
        {kind === 'noData' ? (
          <Field name="noDataMinutes" label={t('rules.fields.noDataMinutes')} rule={fieldRule} required>
            <NumberInput integer />
          </Field>
        ) : kind === 'commandFailed' ? (
          <span />
        ) : (
          <Field name="durationSec" label={t('rules.fields.durationSec')} rule={fieldRule} extra={t('rules.fields.durationHint')}>
            <NumberInput integer />
          </Field>
        )}
        {kind === 'threshold' || kind === 'rateOfChange' ? (
          <Field name="deadband" label={t('rules.fields.deadband')} rule={fieldRule} extra={t('rules.fields.deadbandHint')}>
            <NumberInput />
          </Field>
        ) : (
          <span />
        )}
      </FieldRow>
      <Field name="message" label={t('rules.fields.message')} rule={fieldRule} required>
        <Input.TextArea rows={2} maxLength={ALARM_MESSAGE_MAX} showCount />
      </Field>
      {kind === 'rateOfChange' && (
        <FieldRow spans={[8, 8, 8]}>
          <Field name="direction" label={t('rules.fields.direction')} rule={fieldRule} required>
            <Select options={RATE_DIRECTIONS.map((d) => ({ value: d, label: t(`directions.${d}`) }))} />
          </Field>
          <Field name="rateAmount" label={t('rules.fields.rateAmount')} rule={fieldRule} extra={t('rules.fields.rateAmountHint')} required>
            <NumberInput />
          </Field>
          <Field name="windowMinutes" label={t('rules.fields.windowMinutes')} rule={fieldRule} required>
            <NumberInput integer />
          </Field>
        </FieldRow>
      )}
      {kind === 'threshold' && (
        <>
          <Divider titlePlacement="start" className="fs-form-divider">
            {t('rules.stagesTitle')}
          </Divider>
          <Field name="operator" label={t('rules.fields.operator')} rule={fieldRule} required>
            <Select style={{ maxWidth: 260 }} options={ALARM_OPERATORS.map((o) => ({ value: o, label: t(`operators.${o}`) }))} />
          </Field>
          <StageEditor valueKind={valueKind} operator={operator} problem={problem} rule={stageRule} />
        </>
      )}
    </FormDialog>
  );
}
