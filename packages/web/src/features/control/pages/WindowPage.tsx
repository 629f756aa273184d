import type { ReactElement } from 'react';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { windowPayload, type WindowPayload } from '@farmsense/shared';
import { OpeningEditor } from '../components/OpeningEditor';
import { openingText } from '../components/openingText';
import { SettingGroupPage } from '../components/SettingGroupPage';

/** A house without opening settings starts from its side inlet held at 20 Pa and its curtain opening from 2 °C over the set point. */
const STARTER: WindowPayload = {
  openings: [
    {
      kind: 'side',
      index: 1,
      control: 'pressure',
      pressureTarget: 20,
      pressureBand: 2,
      openFrom: 1,
      fullyOpen: 4,
      minOpen: 10,
      maxOpen: 100,
    },
    {
      kind: 'curtain',
      index: 1,
      control: 'temperature',
      pressureTarget: 20,
      pressureBand: 2,
      openFrom: 2,
      fullyOpen: 5,
      minOpen: 0,
      maxOpen: 100,
    },
  ],
};

/** The acknowledged openings in words, one line each. */
function OpeningSummary({ value }: { value: WindowPayload | null }): ReactElement {
  const { t } = useTranslation('control');
  if (!value) return <p>{t('versions.none')}</p>;
  return (
    <ul aria-label={t('curve.reported')}>
      {value.openings.map((o) => (
        <li key={`${o.kind}.${o.index}`}>{openingText(o, t)}</li>
      ))}
    </ul>
  );
}

/**
 * /remote-control/env-control/window: the side inlets, roof inlets and curtains of a house (SPEC
 * §2), each driven by the static pressure (target and band) or the temperature (open-from and
 * fully-open over the set point) within its opening range. Checked by the shared rules (the server
 * refuses the same with 99996 per field), sent once confirmed by a code, pending until the
 * controller acknowledges it, with restore.
 */
export function WindowPage(): ReactElement {
  const { t } = useTranslation('control');
  const [form] = Form.useForm<WindowPayload>();
  return (
    <SettingGroupPage<WindowPayload>
      app="remote-control.env-control.window"
      group="window"
      subtitle={t('window.subtitle')}
      schema={windowPayload}
      starter={STARTER}
      applyLabel={t('window.apply')}
      form={form}
      editor={
        <Form form={form} name="openings" layout="vertical">
          <OpeningEditor />
        </Form>
      }
      reported={(value) => <OpeningSummary value={value} />}
      body={(payload, shedIds, code) => ({ group: 'window', shedIds, payload, ...code })}
    />
  );
}
