import type { ReactElement } from 'react';
import { Button, Form, Select, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { OPENING_CONTROLS, OPENING_KINDS, OPENING_LIMITS, windowPayload, type OpeningSetting } from '@farmsense/shared';
import { NumberInput } from '../../../ui/NumberInput';
import { listFieldRule } from './listRule';

const NUMBERS = ['pressureTarget', 'pressureBand', 'openFrom', 'fullyOpen', 'minOpen', 'maxOpen'] as const;
/** Fields checked against another of the same row. */
const DEPENDS: Partial<Record<string, string[]>> = { fullyOpen: ['openFrom', 'control'], maxOpen: ['minOpen'] };

/** A new opening: the next number of a side inlet, held at 20 Pa. */
function nextOpening(rows: readonly Partial<OpeningSetting>[]): OpeningSetting {
  const used = new Set(rows.filter((r) => r.kind === 'side').map((r) => r.index));
  let index = 1;
  while (used.has(index) && index < OPENING_LIMITS.maxIndex) index++;
  const base = { pressureTarget: 20, pressureBand: 2, openFrom: 1, fullyOpen: 4, minOpen: 10, maxOpen: 100 };
  return { kind: 'side', index, control: 'pressure', ...base };
}

/** The inlets and curtains of a house: which opening, driven by pressure or temperature, its points and its opening range. */
export function OpeningEditor(): ReactElement {
  const { t } = useTranslation('control');
  const form = Form.useFormInstance();
  const label = (name: string, i: number): string | undefined => (i === 0 ? t(`window.${name}`) : undefined);
  const rule = (row: number, name: string) => [listFieldRule(windowPayload, 'openings', row, name)];
  return (
    <Form.List name="openings">
      {(fields, { add, remove }) => (
        <div className="fs-curve-rows" role="table" aria-label={t('window.list')}>
          <p className="fs-dialog-note">{t('window.hint')}</p>
          {fields.map((f, i) => (
            <Space key={f.key} align="start" wrap role="row" data-testid={`opening-row-${i}`}>
              <Form.Item name={[f.name, 'kind']} label={label('kind', i)} required rules={rule(f.name, 'kind')}>
                <Select
                  aria-label={`${t('window.kind')} ${i + 1}`}
                  style={{ minWidth: 130 }}
                  options={OPENING_KINDS.map((k) => ({ value: k, label: t(`window.kinds.${k}`) }))}
                />
              </Form.Item>
              <Form.Item
                name={[f.name, 'index']}
                label={label('index', i)}
                required
                rules={rule(f.name, 'index')}
                dependencies={[['openings', f.name, 'kind']]}
              >
                <NumberInput integer aria-label={`${t('window.index')} ${i + 1}`} />
              </Form.Item>
              <Form.Item name={[f.name, 'control']} label={label('control', i)} required rules={rule(f.name, 'control')}>
                <Select
                  aria-label={`${t('window.control')} ${i + 1}`}
                  style={{ minWidth: 150 }}
                  options={OPENING_CONTROLS.map((c) => ({ value: c, label: t(`window.controls.${c}`) }))}
                />
              </Form.Item>
              {NUMBERS.map((name) => (
                <Form.Item
                  key={name}
                  name={[f.name, name]}
                  label={label(name, i)}
                  required
                  rules={rule(f.name, name)}
                  dependencies={DEPENDS[name]?.map((d) => ['openings', f.name, d])}
                >
                  <NumberInput aria-label={`${t(`window.${name}`)} ${i + 1}`} />
                </Form.Item>
              ))}
              <Button
                icon={<DeleteOutlined />}
                aria-label={t('window.remove', { n: i + 1 })}
                disabled={fields.length <= 1}
                onClick={() => remove(f.name)}
                className={i === 0 ? 'fs-curve-first-remove' : undefined}
              />
            </Space>
          ))}
          <Button
            icon={<PlusOutlined />}
            disabled={fields.length >= OPENING_LIMITS.maxOpenings}
            onClick={() => add(nextOpening(form.getFieldValue('openings') ?? []))}
          >
            {t('window.add')}
          </Button>
        </div>
      )}
    </Form.List>
  );
}
