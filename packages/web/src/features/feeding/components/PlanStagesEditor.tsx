import type { ReactElement } from 'react';
import { Button, Form, Select, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FeedOption } from '@farmsense/shared';
import { NumberInput } from '../../../ui/NumberInput';
import { generateStages, planListRule, planRule, type PlanValues } from '../model/planForm';

/**
 * The plan's ages: total days and split points (pairs of first and last day), "Generate stages",
 * then per generated stage its feed and daily amount (g per head). Every field is checked by the
 * shared plan rules (planRule); the stage list's own issues (not generated, not continuous) show
 * under it.
 */
export function PlanStagesEditor({
  form,
  farmId,
  feeds,
}: {
  form: FormInstance<PlanValues>;
  farmId: number;
  feeds: readonly FeedOption[];
}): ReactElement {
  const { t } = useTranslation(['feeding', 'common']);
  const generate = (): void => {
    const stages = generateStages(form.getFieldsValue(true) as PlanValues);
    if (stages) form.setFieldValue('stages', stages);
    void form.validateFields(['totalDays', 'splitText', 'stages']);
  };
  const feedOptions = feeds.map((f) => ({ value: f.id, label: `${f.name} · ${f.batch}` }));
  return (
    <>
      <div className="fs-feeding-days">
        <Form.Item name="totalDays" label={t('plan.fields.totalDays')} rules={[planRule(farmId, ['totalDays'])]} required>
          <NumberInput integer />
        </Form.Item>
        <Form.Item
          name="splitText"
          label={t('plan.fields.splitPoints')}
          extra={t('plan.splitHint')}
          rules={[planRule(farmId, ['splitText'])]}
          required
        >
          <input className="ant-input" autoComplete="off" placeholder="1, 30, 31, 60" />
        </Form.Item>
        <Button onClick={generate} data-testid="generate-stages">
          {t('plan.generate')}
        </Button>
      </div>
      <Form.List name="stages" rules={[planListRule(form, farmId, 'stages')]}>
        {(fields, _ops, { errors }) => (
          <div className="fs-feeding-rows" aria-label={t('plan.stages')}>
            {fields.map((f, i) => {
              const days = form.getFieldValue(['stages', f.name]) as PlanValues['stages'][number] | undefined;
              return (
                <div key={f.key} className="fs-feeding-row" data-testid="plan-stage">
                  <span className="fs-feeding-row__days">
                    {t('plan.stageDays', { n: i + 1, start: days?.startDay, end: days?.endDay })}
                  </span>
                  <Form.Item
                    name={[f.name, 'feedId']}
                    label={t('plan.fields.feed')}
                    rules={[planRule(farmId, ['stages', f.name, 'feedId'])]}
                  >
                    <Select placeholder={t('common:select')} options={feedOptions} showSearch={{ optionFilterProp: 'label' }} />
                  </Form.Item>
                  <Form.Item
                    name={[f.name, 'dailyAmount']}
                    label={t('plan.fields.dailyAmount')}
                    rules={[planRule(farmId, ['stages', f.name, 'dailyAmount'])]}
                  >
                    <NumberInput />
                  </Form.Item>
                </div>
              );
            })}
            {fields.length === 0 && <p className="fs-muted">{t('plan.noStages')}</p>}
            <Form.ErrorList errors={errors} />
          </div>
        )}
      </Form.List>
    </>
  );
}
