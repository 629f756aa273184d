import type { ReactElement } from 'react';
import { Alert, Button, Form, Select, Space, Typography, type FormRule } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LIMIT_KINDS, MAX_STAGES, RELATIVE_KINDS, type AlarmOperator } from '@farmsense/shared';
import { errorMessage } from '../../../app/i18n/i18n';
import { NumberInput } from '../../../ui/NumberInput';
import { NEW_STAGE, type StageProblem } from '../model/ruleForm';

/**
 * The day-age stages of a threshold rule: each row a range of days with its own limits, absolute
 * or offsets from the day's target of the shed's curve (temperature kinds only). Which limits a
 * row asks for follows the operator (above: the upper, below: the lower, outside: both). A range
 * that ends before it starts (20027) or shares a day with another (20028) is named on its row,
 * from the shared check as the user types and from the server's answer on save.
 */
export function StageEditor({
  valueKind,
  operator,
  problem,
  rule,
}: {
  valueKind: string | undefined;
  operator: AlarmOperator;
  problem: StageProblem;
  /** The schema rule of one stage field. */
  rule: (index: number, field: string) => FormRule;
}): ReactElement {
  const { t } = useTranslation(['alarms', 'common']);
  const relativeAllowed = valueKind !== undefined && RELATIVE_KINDS.includes(valueKind);
  const showLow = operator === 'lt' || operator === 'lte' || operator === 'outside';
  const showHigh = operator !== 'lt' && operator !== 'lte';
  return (
    <Form.List name="stages">
      {(fields, { add, remove }) => (
        <div className="fs-stage-editor" data-testid="stage-editor">
          {fields.map((f, index) => {
            const n = index + 1;
            const item = (field: string, label: string, control: ReactElement): ReactElement => (
              <Form.Item name={[f.name, field]} label={index === 0 ? label : undefined} rules={[rule(index, field)]}>
                {control}
              </Form.Item>
            );
            return (
              <div key={f.key} data-testid="stage-row">
                <Space align="start" wrap>
                  {item(
                    'fromDay',
                    t('rules.stage.fromDay'),
                    <NumberInput integer aria-label={t('rules.stage.fromDayOf', { n })} className="fs-stage-day" />,
                  )}
                  {item(
                    'toDay',
                    t('rules.stage.toDay'),
                    <NumberInput integer aria-label={t('rules.stage.toDayOf', { n })} className="fs-stage-day" />,
                  )}
                  {item(
                    'limitKind',
                    t('rules.stage.limitKind'),
                    <Select
                      aria-label={t('rules.stage.limitKindOf', { n })}
                      style={{ width: 190 }}
                      options={LIMIT_KINDS.map((k) => ({
                        value: k,
                        label: t(`limitKinds.${k}`),
                        disabled: k === 'relative' && !relativeAllowed,
                      }))}
                    />,
                  )}
                  {showLow &&
                    item(
                      'low',
                      t('rules.stage.low'),
                      <NumberInput aria-label={t('rules.stage.lowOf', { n })} className="fs-stage-limit" />,
                    )}
                  {showHigh &&
                    item(
                      'high',
                      t('rules.stage.high'),
                      <NumberInput aria-label={t('rules.stage.highOf', { n })} className="fs-stage-limit" />,
                    )}
                  <Form.Item label={index === 0 ? ' ' : undefined}>
                    <Button
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('rules.stage.removeOf', { n })}
                      disabled={fields.length === 1}
                      onClick={() => remove(f.name)}
                    />
                  </Form.Item>
                </Space>
                {problem?.index === index && (
                  <Alert
                    type="error"
                    showIcon
                    className="fs-stage-problem"
                    title={errorMessage(problem.code)}
                    data-testid="stage-problem"
                  />
                )}
              </div>
            );
          })}
          <Typography.Paragraph type="secondary" className="fs-stage-hint">
            {relativeAllowed ? t('rules.stage.relativeHint') : t('rules.stage.absoluteHint')}
          </Typography.Paragraph>
          <Button icon={<PlusOutlined />} type="dashed" block disabled={fields.length >= MAX_STAGES} onClick={() => add({ ...NEW_STAGE })}>
            {t('rules.stage.add')}
          </Button>
        </div>
      )}
    </Form.List>
  );
}
