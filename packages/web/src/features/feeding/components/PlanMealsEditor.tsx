import type { ReactElement } from 'react';
import { Form, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { MEAL_PERIODS_MAX } from '@farmsense/shared';
import { TextInput } from '../../../ui/FormFields';
import { NumberInput } from '../../../ui/NumberInput';
import { FormRows } from './FormRows';

/**
 * The meal periods: start and end (HH:MM) and share in percent; at most 10, shares exactly 100 %
 * (shared plan-rules.ts, through the rules the form gives: the plan dialog's, the meal adjustment's).
 */
export function PlanMealsEditor({
  listRule,
  fieldRule,
}: {
  listRule: { validator: () => Promise<void> };
  fieldRule: (path: (string | number)[]) => FormRule;
}): ReactElement {
  const { t } = useTranslation(['feeding', 'common']);
  return (
    <FormRows
      name="meals"
      rule={listRule}
      className="fs-feeding-rows"
      label={t('plan.meals')}
      rowClassName="fs-feeding-row"
      rowTestId="plan-meal"
      max={MEAL_PERIODS_MAX}
      newRow={() => ({ start: '', end: '', share: null })}
      removeLabel={(n) => t('plan.removeMeal', { n })}
      addLabel={t('plan.addMeal')}
    >
      {(f, i) => (
        <>
          <span className="fs-feeding-row__days">{t('plan.mealN', { n: i + 1 })}</span>
          <Form.Item name={[f.name, 'start']} label={t('plan.fields.mealStart')} rules={[fieldRule(['meals', f.name, 'start'])]}>
            <TextInput placeholder="06:00" />
          </Form.Item>
          <Form.Item name={[f.name, 'end']} label={t('plan.fields.mealEnd')} rules={[fieldRule(['meals', f.name, 'end'])]}>
            <TextInput placeholder="07:00" />
          </Form.Item>
          <Form.Item name={[f.name, 'share']} label={t('plan.fields.mealShare')} rules={[fieldRule(['meals', f.name, 'share'])]}>
            <NumberInput />
          </Form.Item>
        </>
      )}
    </FormRows>
  );
}
