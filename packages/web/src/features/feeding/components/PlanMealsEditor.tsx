import type { ReactElement } from 'react';
import { Button, Form, type FormRule } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { MEAL_PERIODS_MAX } from '@farmsense/shared';
import { TextInput } from '../../../ui/FormFields';
import { NumberInput } from '../../../ui/NumberInput';

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
    <Form.List name="meals" rules={[listRule]}>
      {(fields, { add, remove }, { errors }) => (
        <div className="fs-feeding-rows" aria-label={t('plan.meals')}>
          {fields.map((f, i) => (
            <div key={f.key} className="fs-feeding-row" data-testid="plan-meal">
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
              <Button
                type="text"
                icon={<DeleteOutlined />}
                aria-label={t('plan.removeMeal', { n: i + 1 })}
                onClick={() => remove(f.name)}
              />
            </div>
          ))}
          <Button
            icon={<PlusOutlined />}
            disabled={fields.length >= MEAL_PERIODS_MAX}
            onClick={() => add({ start: '', end: '', share: null })}
          >
            {t('plan.addMeal')}
          </Button>
          <Form.ErrorList errors={errors} />
        </div>
      )}
    </Form.List>
  );
}
