import { useState, type ReactElement } from 'react';
import { Divider, Form, Input, Radio, Select, Switch, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  ErrorCodes,
  mealAdjustAddBody,
  RATION_ADJUST_LIMITS,
  RATION_UNITS,
  type MealAdjustKind,
  type MealAdjustRow,
} from '@farmsense/shared';
import { useShedOptions } from '../../../app/farm';
import { tk } from '../../../app/i18n/i18n';
import { FormDialog } from '../../../ui/FormDialog';
import { FieldRow } from '../../../ui/FormFields';
import { NumberInput } from '../../../ui/NumberInput';
import { useAddEditDialog } from '../../../ui/useAddEditDialog';
import { usePlanPens } from '../api';
import { useAddMealAdjust, useUpdateMealAdjust } from '../mealApi';
import { initialMealAdjustValues, mealAdjustBody, mealAdjustListRule, mealAdjustRule, type MealAdjustValues } from '../model/mealForm';
import { PlanMealsEditor } from './PlanMealsEditor';

/**
 * The meal adjustment dialog of a house (shed) or of one pen (field): the target, the meal
 * periods instead of the plan's (the plan's rules) and/or the ration change in percent or kg per
 * head and day (bounded), a remark. 203337 shows under the target, 20084 / 20094 under the pen.
 */
export function MealAdjustFormDialog({
  row,
  kind,
  farmId,
  onClose,
}: {
  row: MealAdjustRow | null;
  kind: MealAdjustKind;
  farmId: number;
  onClose: () => void;
}): ReactElement {
  const { t } = useTranslation(['feeding', 'common']);
  const [form] = Form.useForm<MealAdjustValues>();
  const [initial] = useState(() => initialMealAdjustValues(row));
  const sheds = useShedOptions(farmId);
  const shedId = Form.useWatch('shedId', form);
  const pens = usePlanPens(farmId, shedId);
  const changeMeals = Form.useWatch('changeMeals', form) ?? initial.changeMeals;
  const changeRation = Form.useWatch('changeRation', form) ?? initial.changeRation;
  const unit = Form.useWatch('rationUnit', form) ?? initial.rationUnit;
  const add = useAddMealAdjust();
  const update = useUpdateMealAdjust();
  const rule = (name: string) => mealAdjustRule(farmId, kind, [name]);
  const target = kind === 'shed' ? 'shedId' : 'penId';

  const dialog = useAddEditDialog(form, {
    title: row ? t('meal.editTitle') : t(`meal.addTitle.${kind}`),
    name: 'mealAdjust',
    initialValues: initial,
    // Every value, also those the form holds without a field.
    body: () => mealAdjustAddBody.parse(mealAdjustBody(form.getFieldsValue(true) as MealAdjustValues, farmId, kind)),
    add: (body) => add.mutateAsync(body),
    edit: row && ((body) => update.mutateAsync({ ...body, id: row.id })),
    added: () => t('meal.added'),
    onClose,
    fields: {
      [ErrorCodes.HOUSE_MEAL_ADJUST_EXISTS]: target,
      [ErrorCodes.HOUSE_NOT_FOUND_203334]: 'shedId',
      [ErrorCodes.TARGET_PEN_NOT_FOUND]: 'penId',
      [ErrorCodes.TARGET_PEN_NOT_FOUND_94]: 'penId',
    },
  });
  const limits = RATION_ADJUST_LIMITS[unit];
  // An adjustment changes the meals, the ration or both (the shared rule's message).
  const somethingChanged: FormRule = ({ getFieldValue }) => ({
    validator: () =>
      getFieldValue('changeMeals') || getFieldValue('changeRation')
        ? Promise.resolve()
        : Promise.reject(new Error(tk('validation.mealAdjustEmpty'))),
  });

  return (
    <FormDialog {...dialog} width={760}>
      <FieldRow spans={kind === 'field' ? [12, 12] : [24]}>
        <Form.Item name="shedId" label={t('meal.fields.shed')} rules={[rule('shedId')]} required>
          <Select
            placeholder={t('common:select')}
            options={sheds.data ?? []}
            loading={sheds.isPending}
            onChange={() => form.setFieldValue('penId', null)}
          />
        </Form.Item>
        {kind === 'field' && (
          <Form.Item name="penId" label={t('meal.fields.pen')} rules={[rule('penId')]} required>
            <Select placeholder={t('common:select')} options={pens} disabled={!shedId} />
          </Form.Item>
        )}
      </FieldRow>
      <Divider>{t('plan.meals')}</Divider>
      <Form.Item name="changeMeals" label={t('meal.fields.changeMeals')} valuePropName="checked" extra={t(`meal.mealsHint.${kind}`)}>
        <Switch />
      </Form.Item>
      {changeMeals && (
        <PlanMealsEditor listRule={mealAdjustListRule(form, farmId, kind)} fieldRule={(path) => mealAdjustRule(farmId, kind, path)} />
      )}
      <Divider>{t('meal.ration')}</Divider>
      <Form.Item
        name="changeRation"
        label={t('meal.fields.changeRation')}
        valuePropName="checked"
        dependencies={['changeMeals']}
        rules={[somethingChanged]}
      >
        <Switch />
      </Form.Item>
      {changeRation && (
        <FieldRow spans={[12, 12]}>
          <Form.Item name="rationUnit" label={t('meal.fields.rationUnit')} required>
            <Radio.Group options={RATION_UNITS.map((u) => ({ value: u, label: t(`meal.units.${u}`) }))} optionType="button" />
          </Form.Item>
          <Form.Item
            name="rationValue"
            label={t('meal.fields.rationValue')}
            extra={t(`meal.rangeHint.${unit}`, { min: limits.min, max: limits.max })}
            rules={[rule('rationValue')]}
            required
          >
            <NumberInput />
          </Form.Item>
        </FieldRow>
      )}
      <Form.Item name="remark" label={t('meal.fields.remark')}>
        <Input.TextArea rows={2} maxLength={200} />
      </Form.Item>
    </FormDialog>
  );
}
