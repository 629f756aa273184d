import type { ReactElement } from 'react';
import { Button, Form, Select } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { STANDARD_ADJUSTMENTS_MAX, STANDARD_AGES_MAX, STANDARD_FACTORS } from '@farmsense/shared';
import { NumberInput } from '../../../ui/NumberInput';
import { nextAgeRow, standardListRule, standardRule, type AgeValues } from '../model/standardForm';

const AGE_FIELDS = ['startDay', 'endDay', 'minAmount', 'dailyAmount', 'maxAmount'] as const;

/** The age rows: first and last day, minimum, standard and maximum g per head per day (shared rules on every field). */
export function StandardAgesEditor(): ReactElement {
  const { t } = useTranslation(['feeding', 'common']);
  const form = Form.useFormInstance();
  return (
    <Form.List name="ages" rules={[standardListRule(form, 'ages')]}>
      {(fields, { add, remove }, { errors }) => (
        <section className="fs-std-rows" aria-label={t('standard.ages')}>
          {fields.map((f, i) => (
            <div key={f.key} className="fs-std-row fs-std-row--age" data-testid="standard-age">
              {AGE_FIELDS.map((name) => (
                <Form.Item
                  key={name}
                  name={[f.name, name]}
                  label={t(`standard.age.${name}`)}
                  rules={[standardRule(['ages', f.name, name])]}
                >
                  <NumberInput integer={name === 'startDay' || name === 'endDay'} aria-label={t(`standard.age.${name}Of`, { n: i + 1 })} />
                </Form.Item>
              ))}
              <Button
                type="text"
                icon={<DeleteOutlined />}
                aria-label={t('standard.removeAge', { n: i + 1 })}
                disabled={fields.length === 1}
                onClick={() => remove(f.name)}
              />
            </div>
          ))}
          <Button
            icon={<PlusOutlined />}
            disabled={fields.length >= STANDARD_AGES_MAX}
            onClick={() => add(nextAgeRow(form.getFieldValue('ages') as AgeValues[]))}
          >
            {t('standard.addAge')}
          </Button>
          <Form.ErrorList errors={errors} />
        </section>
      )}
    </Form.List>
  );
}

/** The adjustments: a factor, the range of its values and the percentage added to the amount. */
export function StandardAdjustmentsEditor(): ReactElement {
  const { t } = useTranslation(['feeding', 'common']);
  const form = Form.useFormInstance();
  const factors = STANDARD_FACTORS.map((f) => ({ value: f, label: t(`standard.factors.${f}`) }));
  return (
    <Form.List name="adjustments" rules={[standardListRule(form, 'adjustments')]}>
      {(fields, { add, remove }, { errors }) => (
        <section className="fs-std-rows" aria-label={t('standard.adjustments')}>
          {fields.map((f, i) => (
            <div key={f.key} className="fs-std-row fs-std-row--adjust" data-testid="standard-adjustment">
              <Form.Item
                name={[f.name, 'factor']}
                label={t('standard.adjustment.factor')}
                rules={[standardRule(['adjustments', f.name, 'factor'])]}
              >
                <Select placeholder={t('common:select')} options={factors} aria-label={t('standard.adjustment.factorOf', { n: i + 1 })} />
              </Form.Item>
              {(['from', 'to', 'percent'] as const).map((name) => (
                <Form.Item
                  key={name}
                  name={[f.name, name]}
                  label={t(`standard.adjustment.${name}`)}
                  rules={[standardRule(['adjustments', f.name, name])]}
                >
                  <NumberInput aria-label={t(`standard.adjustment.${name}Of`, { n: i + 1 })} />
                </Form.Item>
              ))}
              <Button
                type="text"
                icon={<DeleteOutlined />}
                aria-label={t('standard.removeAdjustment', { n: i + 1 })}
                onClick={() => remove(f.name)}
              />
            </div>
          ))}
          <Button
            icon={<PlusOutlined />}
            disabled={fields.length >= STANDARD_ADJUSTMENTS_MAX}
            onClick={() => add({ from: null, to: null, percent: null })}
          >
            {t('standard.addAdjustment')}
          </Button>
          <p className="fs-muted">{t('standard.factorHint')}</p>
          <Form.ErrorList errors={errors} />
        </section>
      )}
    </Form.List>
  );
}
