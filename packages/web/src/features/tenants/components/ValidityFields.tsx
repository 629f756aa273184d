import type { ReactElement } from 'react';
import { Col, DatePicker, Form, Row, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { tk } from '../../../app/i18n/i18n';
import type { ValidityMode } from '../validity';
import { NumberInput } from '../../../ui/NumberInput';
import { ChoiceButtons } from '../../../ui/ChoiceButtons';

/**
 * The validity of an authorization: permanent, a number of years (counted from a day, or from
 * the save), or a period of days. Only the fields of the chosen mode are shown and checked.
 * `rule` gives the shared-schema rule of a wire field (years, start, end) for the caller's body.
 */
export function ValidityFields({
  idPrefix,
  rule,
}: {
  idPrefix: string;
  rule: (wire: 'years' | 'start' | 'end') => FormRule;
}): ReactElement {
  const { t } = useTranslation('tenants');
  const required: FormRule = { required: true, message: tk('validation.required') };
  return (
    <>
      <Form.Item name="validityMode" label={t('auth.validity')}>
        <ChoiceButtons
          options={(['permanent', 'years', 'period'] as ValidityMode[]).map((m) => ({ value: m, label: t(`auth.mode.${m}`) }))}
        />
      </Form.Item>
      <Form.Item noStyle shouldUpdate={(a, b) => a.validityMode !== b.validityMode}>
        {({ getFieldValue }) => {
          const mode = getFieldValue('validityMode') as ValidityMode;
          if (mode === 'years') {
            return (
              <Row gutter={16}>
                <Col xs={24} sm={12}>
                  <Form.Item name="validYears" label={t('auth.years')} required rules={[required, rule('years')]}>
                    <NumberInput integer id={`${idPrefix}-years`} suffix={t('auth.yearsUnit')} />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={12}>
                  <Form.Item name="validFrom" label={t('auth.countFrom')} extra={t('auth.countFromHint')} rules={[rule('start')]}>
                    <DatePicker id={`${idPrefix}-from`} className="fs-fill" />
                  </Form.Item>
                </Col>
              </Row>
            );
          }
          if (mode === 'period') {
            return (
              <Form.Item name="validPeriod" label={t('auth.period')} required rules={[required, rule('start'), rule('end')]}>
                <DatePicker.RangePicker id={`${idPrefix}-period`} allowClear={false} className="fs-fill" />
              </Form.Item>
            );
          }
          return <div className="fs-validity-permanent">{t('auth.permanentHint')}</div>;
        }}
      </Form.Item>
    </>
  );
}
