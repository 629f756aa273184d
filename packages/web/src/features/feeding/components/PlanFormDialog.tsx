import { useState, type ReactElement } from 'react';
import { Alert, Checkbox, DatePicker, Divider, Form, Input, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { DISPATCH_MODES, ErrorCodes, planAddBody, rationSteps, type PlanRow } from '@farmsense/shared';
import { useShedOptions } from '../../../app/farm';
import { FormDialog } from '../../../ui/FormDialog';
import { FieldRow, TextInput } from '../../../ui/FormFields';
import { NumberInput } from '../../../ui/NumberInput';
import { useAddEditDialog } from '../../../ui/useAddEditDialog';
import { tk } from '../../../app/i18n/i18n';
import { useAddPlan, useFeedOptions, usePlanPens, useStandardOptions, useUpdatePlan } from '../api';
import { formatAmount } from '../model/format';
import { initialPlanValues, planBody, planListRule, planRule, stepLimit, type PlanValues } from '../model/planForm';
import { PlanMealsEditor } from './PlanMealsEditor';
import { PlanStagesEditor } from './PlanStagesEditor';

/**
 * The plan dialog (/accurate-feeding/plan_dialog): target house and pens of the chosen farm, name,
 * ages and stages with feed and daily amount, meal periods, the day-to-day step limit, dispatch
 * mode and time, and the feeding standard it keeps to (stages below its minimum are flagged on
 * the plan list). A ration step above the limit needs the confirmation box ticked (the server
 * refuses it otherwise). 20092 shows under the name, 203333 under the split points.
 */
export function PlanFormDialog({
  plan,
  farmId,
  farmType,
  onClose,
}: {
  plan: PlanRow | null;
  farmId: number;
  farmType: number | undefined;
  onClose: () => void;
}): ReactElement {
  const { t } = useTranslation(['feeding', 'common']);
  const [form] = Form.useForm<PlanValues & { confirmStep?: boolean }>();
  const [initial] = useState(() => ({ ...initialPlanValues(plan), confirmStep: false }));
  const sheds = useShedOptions(farmId);
  const feeds = useFeedOptions(farmType);
  const standards = useStandardOptions();
  const shedId = Form.useWatch('shedId', form);
  const pens = usePlanPens(farmId, shedId);
  const mode = Form.useWatch('dispatchMode', form);
  const stages = Form.useWatch('stages', form) ?? [];
  const maxStep = Form.useWatch('maxStep', form);
  const limit = stepLimit(maxStep, farmType);
  const steps = rationSteps(
    stages.map((s) => ({ dailyAmount: s?.dailyAmount ?? 0 })).filter((s) => s.dailyAmount > 0),
    limit,
  );
  const add = useAddPlan();
  const update = useUpdatePlan();
  const rule = (name: string) => planRule(farmId, [name]);

  const dialog = useAddEditDialog(form, {
    title: plan ? t('plan.editTitle', { name: plan.name }) : t('plan.addTitle'),
    name: 'feedingPlan',
    initialValues: initial,
    body: () => {
      // Every value, also those the form holds without a field (the generated stages' days).
      const v = form.getFieldsValue(true) as PlanValues & { confirmStep?: boolean };
      return planAddBody.parse(planBody(v, farmId, v.confirmStep === true));
    },
    add: (body) => add.mutateAsync(body),
    edit: plan && ((body) => update.mutateAsync({ ...body, id: plan.id })),
    added: (body) => t('plan.added', { name: body.name }),
    onClose,
    fields: { [ErrorCodes.PLAN_NAME_EXISTS]: 'name', [ErrorCodes.FIRST_SPLIT_MUST_BE_1]: 'splitText' },
  });

  return (
    <FormDialog {...dialog} width={900}>
      <FieldRow spans={[8, 8, 8]}>
        <Form.Item name="name" label={t('plan.fields.name')} rules={[rule('name')]} required>
          <TextInput />
        </Form.Item>
        <Form.Item name="shedId" label={t('plan.fields.shed')} rules={[rule('shedId')]} required>
          <Select
            placeholder={t('common:select')}
            options={sheds.data ?? []}
            loading={sheds.isPending}
            onChange={() => form.setFieldValue('penIds', [])}
          />
        </Form.Item>
        <Form.Item name="penIds" label={t('plan.fields.pens')} extra={t('plan.pensHint')}>
          <Select mode="multiple" placeholder={t('plan.allPens')} options={pens} disabled={!shedId} />
        </Form.Item>
      </FieldRow>
      <Form.Item name="standardId" label={t('plan.fields.standard')} extra={t('plan.standardHint')}>
        <Select
          allowClear
          placeholder={t('plan.noStandard')}
          loading={standards.isPending}
          options={(standards.data ?? []).map((s) => ({ value: s.id, label: `${s.name} · ${s.breed}` }))}
        />
      </Form.Item>
      <Divider>{t('plan.stages')}</Divider>
      <PlanStagesEditor form={form} farmId={farmId} feeds={feeds.data ?? []} />
      <FieldRow spans={[8, 16]}>
        <Form.Item
          name="maxStep"
          label={t('plan.fields.maxStep')}
          extra={t('plan.maxStepHint', { n: formatAmount(stepLimit(null, farmType)) })}
          rules={[rule('maxStep')]}
        >
          <NumberInput />
        </Form.Item>
        <div>
          {steps.length > 0 && (
            <Alert
              type="warning"
              showIcon
              data-testid="plan-steps"
              message={t('plan.steps', { n: formatAmount(limit) })}
              description={steps.map((s) => t('plan.stepOf', { n: s.index + 1, step: formatAmount(s.step) })).join(' · ')}
            />
          )}
          {steps.length > 0 && (
            <Form.Item
              name="confirmStep"
              valuePropName="checked"
              rules={[
                { validator: async (_, v) => (v === true ? undefined : Promise.reject(new Error(tk('validation.rationStepConfirm')))) },
              ]}
            >
              <Checkbox>{t('plan.confirmStep')}</Checkbox>
            </Form.Item>
          )}
        </div>
      </FieldRow>
      <Divider>{t('plan.meals')}</Divider>
      <PlanMealsEditor listRule={planListRule(form, farmId, 'meals')} fieldRule={(path) => planRule(farmId, path)} />
      <Divider>{t('plan.dispatch')}</Divider>
      <FieldRow spans={[12, 12]}>
        <Form.Item name="dispatchMode" label={t('plan.fields.dispatchMode')} required>
          <Radio.Group options={DISPATCH_MODES.map((m) => ({ value: m, label: t(`plan.modes.${m}`) }))} optionType="button" />
        </Form.Item>
        {mode === 'timed' && (
          <Form.Item name="dispatchAt" label={t('plan.fields.dispatchAt')} rules={[rule('dispatchAt')]} required>
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
          </Form.Item>
        )}
      </FieldRow>
      <Form.Item name="remark" label={t('plan.fields.remark')}>
        <Input.TextArea rows={2} maxLength={200} />
      </Form.Item>
    </FormDialog>
  );
}
