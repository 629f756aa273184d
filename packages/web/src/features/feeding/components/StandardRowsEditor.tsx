import type { ReactElement } from 'react';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { STANDARD_ADJUSTMENTS_MAX, STANDARD_AGES_MAX, STANDARD_FACTORS } from '@farmsense/shared';
import { NumberInput } from '../../../ui/NumberInput';
import { nextAgeRow, standardListRule, standardRule, type AgeValues } from '../model/standardForm';
import { FormRows } from './FormRows';

const AGE_FIELDS = ['startDay', 'endDay', 'minAmount', 'dailyAmount', 'maxAmount'] as const;

/** The age rows: first and last day, minimum, standard and maximum g per head per day (shared rules on every field). */
export function StandardAgesEditor(): ReactElement {
  const { t } = useTranslation(['feeding', 'common']);
  const form = Form.useFormInstance();
  return (
    <FormRows
      name="ages"
      rule={standardListRule(form, 'ages')}
      section
      className="fs-std-rows"
      label={t('standard.ages')}
      rowClassName="fs-std-row fs-std-row--age"
      rowTestId="standard-age"
      max={STANDARD_AGES_MAX}
      keepOne
      newRow={() => nextAgeRow(form.getFieldValue('ages') as AgeValues[])}
      removeLabel={(n) => t('standard.removeAge', { n })}
      addLabel={t('standard.addAge')}
    >
      {(f, i) =>
        AGE_FIELDS.map((name) => (
          <Form.Item key={name} name={[f.name, name]} label={t(`standard.age.${name}`)} rules={[standardRule(['ages', f.name, name])]}>
            <NumberInput integer={name === 'startDay' || name === 'endDay'} aria-label={t(`standard.age.${name}Of`, { n: i + 1 })} />
          </Form.Item>
        ))
      }
    </FormRows>
  );
}

/** The adjustments: a factor, the range of its values and the percentage added to the amount. */
export function StandardAdjustmentsEditor(): ReactElement {
  const { t } = useTranslation(['feeding', 'common']);
  const form = Form.useFormInstance();
  const factors = STANDARD_FACTORS.map((f) => ({ value: f, label: t(`standard.factors.${f}`) }));
  return (
    <FormRows
      name="adjustments"
      rule={standardListRule(form, 'adjustments')}
      section
      className="fs-std-rows"
      label={t('standard.adjustments')}
      rowClassName="fs-std-row fs-std-row--adjust"
      rowTestId="standard-adjustment"
      max={STANDARD_ADJUSTMENTS_MAX}
      newRow={() => ({ from: null, to: null, percent: null })}
      removeLabel={(n) => t('standard.removeAdjustment', { n })}
      addLabel={t('standard.addAdjustment')}
      note={<p className="fs-muted">{t('standard.factorHint')}</p>}
    >
      {(f, i) => (
        <>
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
        </>
      )}
    </FormRows>
  );
}
