import { useMemo, useState, type ReactElement } from 'react';
import { Alert, Checkbox, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { offComfortDays, tempDayAgePayload, type SettingStateAnswer, type TempDayAgePayload } from '@farmsense/shared';
import { CurveChart } from '../components/CurveChart';
import { CurveEditor } from '../components/CurveEditor';
import { SettingGroupPage } from '../components/SettingGroupPage';

/** A house without any curve yet starts from a broiler-like one the user adjusts. */
const STARTER: TempDayAgePayload = {
  points: [
    { day: -1, target: 33, heatOffset: 1, coolOffset: 2, tunnelOffset: 5 },
    { day: 7, target: 30, heatOffset: 1, coolOffset: 2, tunnelOffset: 5 },
    { day: 21, target: 26, heatOffset: 1, coolOffset: 2, tunnelOffset: 5 },
    { day: 42, target: 20, heatOffset: 1, coolOffset: 2, tunnelOffset: 5 },
  ],
  rhTarget: 60,
};

/** Days whose set point is far from the breed's comfort curve, with the box that confirms them anyway. */
function OffComfort({
  days,
  confirmed,
  onConfirm,
}: {
  days: number[];
  confirmed: boolean;
  onConfirm: (v: boolean) => void;
}): ReactElement | null {
  const { t } = useTranslation('control');
  if (days.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      className="fs-dialog-note"
      title={t('curve.offComfort', { days: days.join(', ') })}
      description={
        <Checkbox checked={confirmed} onChange={(e) => onConfirm(e.target.checked)}>
          {t('curve.confirmOffComfort')}
        </Checkbox>
      }
    />
  );
}

/**
 * /remote-control/env-control/temp-dayage: a house's day-age temperature curve (SPEC §2), drawn
 * against the flock's day age and the breed's comfort curve, on the settings frame
 * (SettingGroupPage): saving sends it to the house's controller, and to other houses chosen with
 * it, once the user's security or authorization code confirms it; the screen shows the version
 * pending until the controller acknowledges it (synced), refuses it (failed) or does not answer in
 * time (expired), and restores an earlier one. Set points far from the comfort curve need a
 * confirmation, sent with the curve.
 */
export function TempDayAgePage(): ReactElement {
  const { t } = useTranslation('control');
  const [form] = Form.useForm<TempDayAgePayload>();
  const [confirmOff, setConfirmOff] = useState(false);
  const watched = Form.useWatch('points', form);
  const points = useMemo(
    () => (Array.isArray(watched) ? watched.filter((p) => typeof p?.day === 'number' && typeof p?.target === 'number') : []),
    [watched],
  );
  const offDays = (state: SettingStateAnswer): number[] => offComfortDays(points, state.comfort ?? null);
  return (
    <SettingGroupPage<TempDayAgePayload>
      app="remote-control.env-control.temp-dayage"
      group="tempDayAge"
      idPrefix="curve"
      subtitle={t('curve.subtitle')}
      schema={tempDayAgePayload}
      starter={STARTER}
      applyLabel={t('curve.apply')}
      form={form}
      chart={(state, reported) => <CurveChart points={points} reported={reported?.points ?? null} state={state} />}
      editor={<CurveEditor />}
      aside={({ state }) => <OffComfort days={offDays(state)} confirmed={confirmOff} onConfirm={setConfirmOff} />}
      body={(payload, shedIds, code) => ({
        group: 'tempDayAge',
        shedIds,
        payload,
        ...(confirmOff ? { confirmOffComfort: true } : {}),
        ...code,
      })}
    />
  );
}
