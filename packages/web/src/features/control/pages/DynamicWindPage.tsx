import type { ReactElement } from 'react';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { dynamicWindPayload, type DynamicWindPayload } from '@farmsense/shared';
import { DynamicWindEditor } from '../components/DynamicWindEditor';
import { dynamicWindText } from '../components/dynamicWindText';
import { SettingGroupPage } from '../components/SettingGroupPage';

/** A house without settings starts from 20-100 % fan speed and a broiler-like minimum ventilation by day age. */
const STARTER: DynamicWindPayload = {
  minSpeed: 20,
  maxSpeed: 100,
  mode: 'dayAge',
  dayAge: [
    { day: 0, percent: 5 },
    { day: 14, percent: 10 },
    { day: 28, percent: 20 },
    { day: 42, percent: 30 },
  ],
  co2: [
    { ppm: 2000, percent: 10 },
    { ppm: 2500, percent: 20 },
    { ppm: 3000, percent: 40 },
  ],
};

/**
 * /remote-control/env-control/dynamic-wind: the variable-speed fans of a house (SPEC §2): their
 * speed range and the minimum ventilation by day age or by CO2. Checked by the shared rules (the
 * server refuses the same with 99996 per field), sent once confirmed by a code, pending until the
 * controller acknowledges it, with restore.
 */
export function DynamicWindPage(): ReactElement {
  const { t } = useTranslation('control');
  const [form] = Form.useForm<DynamicWindPayload>();
  return (
    <SettingGroupPage<DynamicWindPayload>
      app="remote-control.env-control.dynamic-wind"
      group="dynamicWind"
      subtitle={t('dynamicWind.subtitle')}
      schema={dynamicWindPayload}
      starter={STARTER}
      applyLabel={t('dynamicWind.apply')}
      form={form}
      editor={<DynamicWindEditor />}
      reported={(value) => (value ? <p aria-label={t('curve.reported')}>{dynamicWindText(value, t)}</p> : <p>{t('versions.none')}</p>)}
      body={(payload, shedIds, code) => ({
        group: 'dynamicWind',
        shedIds,
        payload: { ...payload, dayAge: payload.dayAge ?? [], co2: payload.co2 ?? [] },
        ...code,
      })}
    />
  );
}
