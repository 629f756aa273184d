import { useEffect, useMemo, useState, type ReactElement } from 'react';
import { Alert, Button, Checkbox, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { offComfortDays, tempDayAgePayload, type ApplyResultRow, type TempDayAgePayload } from '@farmsense/shared';
import { useFarmChoice, useShedOptions } from '../../../app/farm';
import { errorMessage, menuLabel } from '../../../app/i18n/i18n';
import { FarmSelect } from '../../../ui/FarmSelect';
import { FilterBar, FilterField } from '../../../ui/FilterBar';
import { PageHead } from '../../../ui/PageParts';
import { validValues } from '../../../ui/useFormSave';
import { useApplySetting, useRestoreSetting, useSettingState } from '../api';
import type { ControlCode } from '../components/ControlCodeDialog';
import { LazyControlCodeDialog } from '../components/LazyControlCodeDialog';
import { CurveChart } from '../components/CurveChart';
import { CurveEditor } from '../components/CurveEditor';
import { StatusTag, SyncState } from '../components/SyncState';
import '../../../ui/admin.css';

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

type Asking = { kind: 'apply'; payload: TempDayAgePayload } | { kind: 'restore'; version: number };

/**
 * /remote-control/env-control/temp-dayage: a house's day-age temperature curve (SPEC §2), drawn
 * against the flock's day age and the breed's comfort curve. Saving sends it to the house's
 * controller, and to other houses chosen with it, once the user's security or authorization code
 * confirms it; the screen shows the version pending until the controller acknowledges it
 * (synced), refuses it (failed) or does not answer in time (expired), and restores an earlier one.
 */
export function TempDayAgePage(): ReactElement {
  const { t } = useTranslation(['control', 'common']);
  const choice = useFarmChoice();
  const sheds = useShedOptions(choice.farmId);
  const [picked, setPicked] = useState<number | undefined>();
  const shedId = picked ?? sheds.data?.[0]?.value;
  const state = useSettingState(shedId, 'tempDayAge');
  const [form] = Form.useForm<TempDayAgePayload>();
  const [others, setOthers] = useState<number[]>([]);
  const [confirmOff, setConfirmOff] = useState(false);
  const [asking, setAsking] = useState<Asking | null>(null);
  const [results, setResults] = useState<ApplyResultRow[] | null>(null);
  const apply = useApplySetting();
  const restore = useRestoreSetting();

  // The form shows the newest version of the house (what the user saved last), or a starter.
  const desired = state.data?.versions[0]?.payload;
  const desiredVersion = state.data?.desiredVersion ?? null;
  useEffect(() => {
    const parsed = tempDayAgePayload.safeParse(desired);
    form.setFieldsValue(parsed.success ? parsed.data : STARTER);
    // Only a new version or another house replaces what is being edited.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shedId, desiredVersion, form]);

  const watched = Form.useWatch('points', form);
  const points = useMemo(
    () => (Array.isArray(watched) ? watched.filter((p) => typeof p?.day === 'number' && typeof p?.target === 'number') : []),
    [watched],
  );
  const reportedParsed = tempDayAgePayload.safeParse(state.data?.reported);
  const off = offComfortDays(points, state.data?.comfort ?? null);

  const startApply = async (): Promise<void> => {
    const values = await validValues(form);
    if (!values) return;
    setResults(null);
    setAsking({ kind: 'apply', payload: values });
  };
  const run = async (code: ControlCode): Promise<void> => {
    if (!asking || shedId === undefined) return;
    const answer =
      asking.kind === 'apply'
        ? await apply.mutateAsync({
            group: 'tempDayAge',
            shedIds: [shedId, ...others.filter((id) => id !== shedId)],
            payload: asking.payload,
            ...(confirmOff ? { confirmOffComfort: true } : {}),
            ...code,
          })
        : await restore.mutateAsync({ shedId, group: 'tempDayAge', version: asking.version, ...code });
    setResults(answer.results);
  };

  return (
    <section className="fs-admin-page" aria-labelledby="page-title">
      <PageHead title={menuLabel('remote-control.env-control.temp-dayage')} subtitle={t('curve.subtitle')} />
      <div className="fs-panel">
        <FilterBar label={t('curve.house')}>
          <FilterField id="curve-farm" label={t('codes.farm')} width={200}>
            <FarmSelect
              id="curve-farm"
              choice={choice}
              onPicked={() => {
                setPicked(undefined);
                setOthers([]);
              }}
            />
          </FilterField>
          <FilterField id="curve-shed" label={t('curve.house')} width={200}>
            <Select
              id="curve-shed"
              value={shedId}
              options={sheds.data ?? []}
              onChange={(v: number) => setPicked(v)}
              showSearch
              optionFilterProp="label"
            />
          </FilterField>
        </FilterBar>
      </div>
      {state.data && (
        <div className="fs-panel">
          <CurveChart points={points} reported={reportedParsed.success ? reportedParsed.data.points : null} state={state.data} />
        </div>
      )}
      <div className="fs-panel">
        <Form form={form} name="curve" layout="vertical">
          <CurveEditor />
        </Form>
        {off.length > 0 && (
          <Alert
            type="warning"
            showIcon
            className="fs-dialog-note"
            title={t('curve.offComfort', { days: off.join(', ') })}
            description={
              <Checkbox checked={confirmOff} onChange={(e) => setConfirmOff(e.target.checked)}>
                {t('curve.confirmOffComfort')}
              </Checkbox>
            }
          />
        )}
        <div className="fs-filters" role="group" aria-label={t('curve.applyTo')}>
          <FilterField id="curve-others" label={t('curve.alsoTo')} width={320}>
            <Select
              id="curve-others"
              mode="multiple"
              value={others}
              onChange={setOthers}
              options={(sheds.data ?? []).filter((s) => s.value !== shedId)}
              optionFilterProp="label"
            />
          </FilterField>
          <div className="fs-filters__actions">
            <Button type="primary" disabled={shedId === undefined} onClick={() => void startApply()}>
              {t('curve.apply')}
            </Button>
          </div>
        </div>
        {results && (
          <ul className="fs-curve-results" aria-label={t('curve.results')}>
            {results.map((r) => (
              <li key={r.shedId}>
                {r.shedName}: {r.code === 1 && r.status ? <StatusTag status={r.status} online={r.online} /> : errorMessage(r.code)}
              </li>
            ))}
          </ul>
        )}
      </div>
      {state.data && <SyncState state={state.data} onRestore={(version) => setAsking({ kind: 'restore', version })} />}
      <LazyControlCodeDialog
        open={asking !== null}
        title={asking?.kind === 'restore' ? t('versions.restoreVersion', { version: asking.version }) : t('curve.apply')}
        onClose={() => setAsking(null)}
        run={run}
      />
    </section>
  );
}
