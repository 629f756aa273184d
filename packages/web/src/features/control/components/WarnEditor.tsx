import type { ReactElement } from 'react';
import { Checkbox, Form, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { NumberInput } from '../../../ui/NumberInput';
import { fieldRule } from './listRule';
import { WARN_SCHEMAS, type WarnGroup } from './warnText';

/** The fields each group has besides `enabled`: a band (low, high), a high limit, or only the delay. */
const FIELDS: Record<WarnGroup, readonly ('low' | 'high')[]> = {
  warnRh: ['low', 'high'],
  warnBar: ['low', 'high'],
  warnNh3: ['high'],
  warnButton: [],
};

/** The controller's alarm limits of one group: alarm on, its limits with their unit, the delay. */
export function WarnEditor({ group }: { group: WarnGroup }): ReactElement {
  const { t } = useTranslation('control');
  const schema = WARN_SCHEMAS[group];
  const unit = group === 'warnButton' ? '' : t(`warn.units.${group}`);
  return (
    <div role="group" aria-label={t('warn.limits')}>
      <p className="fs-dialog-note">{t('warn.hint')}</p>
      <Space align="start" wrap>
        <Form.Item name="enabled" valuePropName="checked" label={t('warn.enabled')}>
          <Checkbox aria-label={t('warn.enabled')} />
        </Form.Item>
        {FIELDS[group].map((name) => (
          <Form.Item
            key={name}
            name={name}
            label={t(`warn.${name}`, { unit })}
            required
            rules={[fieldRule(schema, name)]}
            dependencies={name === 'low' ? ['high'] : undefined}
          >
            <NumberInput aria-label={t(`warn.${name}`, { unit })} />
          </Form.Item>
        ))}
        <Form.Item name="delaySeconds" label={t('warn.delaySeconds')} required rules={[fieldRule(schema, 'delaySeconds')]}>
          <NumberInput integer aria-label={t('warn.delaySeconds')} />
        </Form.Item>
      </Space>
    </div>
  );
}
