import { useMemo, useRef, useState, type ReactElement } from 'react';
import { Alert, Button, DatePicker, Tag } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { Dayjs } from 'dayjs';
import type { DailyKind } from '@farmsense/shared';
import { toast } from '../../../app/api/toast';
import { errorMessage } from '../../../app/i18n/i18n';
import { ApiError, CancelledError } from '../../../app/api/client';
import { FilterField } from '../../../ui/FilterBar';
import { PagedTable } from '../../../ui/PagedTable';
import { ErrorBlock } from '../../../ui/QueryStates';
import { productionApi, quickRecordOf, useProductionMutation, useQuickRows, type QuickRow } from '../api';
import { rowErrorText, rowFieldLabel } from '../model/errors';
import { DAY, KIND_CONFIG, type KindField } from '../model/kinds';
import { issuesOf, quickPlan, type Issue } from '../model/quick';
import { KindInput } from './KindInput';
import { useFarmToday } from './useFarmToday';
import { formatDecimal } from '../../../app/i18n/numbers';

type RowState = { state: 'saved' } | { state: 'error'; issues: Issue[] };

/**
 * Quick entry: one day for every current flock of a farm on one grid (house, group, day age, birds
 * present, then the kind's main inputs). Houses already recorded that day show their figures and
 * can be corrected; new figures are sent together (batch), corrections one by one; rows the
 * server refuses stay highlighted with their messages, the saved ones are confirmed.
 */
export function QuickEntry({ kind, farmId }: { kind: DailyKind; farmId: number }): ReactElement {
  const { t } = useTranslation(['production', 'records', 'common']);
  const fields = useMemo(() => KIND_CONFIG[kind].fields.filter((f) => f.quick), [kind]);
  const { todayDay } = useFarmToday(farmId);
  const [day, setDay] = useState<Dayjs>(() => todayDay);
  const dayText = day.format(DAY);
  const rows = useQuickRows(farmId, dayText);
  const [values, setValues] = useState<Record<number, Record<string, unknown>>>({});
  const [states, setStates] = useState<Record<number, RowState>>({});
  const batch = useProductionMutation(productionApi.batch);
  const update = useProductionMutation(productionApi.updateDaily);
  // One save at a time across the batch and the one-by-one corrections; the ref closes the gap
  // before React re-renders the button as loading (a fast double click would send twice).
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const failed = rows.isError && !(rows.error instanceof CancelledError);
  const label = (f: string): string => t(`records:${kind}.${f}`);

  const changeDay = (d: Dayjs | null): void => {
    if (!d) return;
    setDay(d);
    setValues({});
    setStates({});
  };
  const setValue = (flockId: number, field: string, v: unknown): void =>
    setValues((all) => ({ ...all, [flockId]: { ...all[flockId], [field]: v } }));

  const save = async (): Promise<void> => {
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    try {
      await send();
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  };

  const send = async (): Promise<void> => {
    const next: Record<number, RowState> = {};
    const adds: { flockId: number; body: Record<string, unknown> }[] = [];
    const edits: { flockId: number; body: Record<string, unknown> }[] = [];
    for (const r of rows.data ?? []) {
      const plan = quickPlan(kind, r, values[r.flockId], dayText);
      if (!plan) continue;
      if (plan.op === 'invalid') next[r.flockId] = { state: 'error', issues: plan.issues };
      else (plan.op === 'add' ? adds : edits).push({ flockId: r.flockId, body: plan.body });
    }
    if (adds.length === 0 && edits.length === 0) {
      setStates(next);
      if (Object.keys(next).length === 0) toast.warning(t('quick.nothing'));
      return;
    }
    let saved = 0;
    if (adds.length > 0) {
      try {
        const outcome = await batch.mutateAsync({ kind, body: { farmId, day: dayText, rows: adds.map((s) => s.body) } });
        const bad = new Map<number, Issue[]>();
        for (const e of outcome.errors) {
          const target = adds[e.row - 1];
          if (target) bad.set(target.flockId, [...(bad.get(target.flockId) ?? []), { field: e.field, text: rowErrorText(e) }]);
        }
        for (const s of adds) next[s.flockId] = bad.has(s.flockId) ? { state: 'error', issues: bad.get(s.flockId)! } : { state: 'saved' };
        saved += outcome.saved;
      } catch (err) {
        // A refusal of the whole batch (not of single rows): the client told it, unless it came back quietly.
        if (err instanceof ApiError && !err.handled) toast.error(errorMessage(err.code));
      }
    }
    // Corrections of recorded houses, one by one: each is its own record.
    for (const s of edits) {
      try {
        await update.mutateAsync({ kind, body: s.body });
        next[s.flockId] = { state: 'saved' };
        saved += 1;
      } catch (err) {
        next[s.flockId] = { state: 'error', issues: issuesOf(err) };
      }
    }
    setValues((all) => Object.fromEntries(Object.entries(all).filter(([id]) => next[Number(id)]?.state !== 'saved')));
    if (saved > 0) toast.success(t('quick.saved', { count: saved }));
    setStates(next);
  };

  const errorFields = (flockId: number): Set<string> => {
    const s = states[flockId];
    return new Set(s?.state === 'error' ? s.issues.map((i) => i.field ?? '') : []);
  };

  const input = (r: QuickRow, f: KindField): ReactElement => {
    const typed = values[r.flockId];
    const shown = typed && f.name in typed ? typed[f.name] : quickRecordOf(r, kind)?.[f.name];
    return (
      <KindInput
        field={f}
        size="large"
        aria-label={`${label(f.name)} ${r.shedName} ${r.groupNo}`}
        status={errorFields(r.flockId).has(f.name) ? 'error' : undefined}
        value={shown ?? undefined}
        onChange={(v) => setValue(r.flockId, f.name, v)}
      />
    );
  };

  const result = (r: QuickRow): ReactElement => {
    const s = states[r.flockId];
    if (s?.state === 'saved') return <Tag color="green">{t('quick.savedRow')}</Tag>;
    if (s?.state === 'error') {
      return (
        <div role="alert" className="fs-prod-row-errors">
          {s.issues.map((i, n) => (
            <div key={n}>{i.field ? `${rowFieldLabel(kind, i.field)}: ${i.text}` : i.text}</div>
          ))}
        </div>
      );
    }
    const recorded = quickRecordOf(r, kind);
    if (recorded) return <Tag color="blue">{recorded.measured ? t('daily.measured') : t('quick.recorded')}</Tag>;
    return <span className="fs-muted">{t('quick.new')}</span>;
  };

  const columns: ColumnsType<QuickRow> = [
    { key: 'shed', title: t('records:common.shed'), width: 130, fixed: 'left', render: (_, r) => r.shedName },
    { key: 'group', title: t('records:common.groupNo'), width: 110, render: (_, r) => r.groupNo },
    { key: 'dayAge', title: t('records:common.dayAge'), width: 90, align: 'right', render: (_, r) => r.dayAge },
    { key: 'present', title: t('records:flock.present'), width: 110, align: 'right', render: (_, r) => formatDecimal(r.present, 0) },
    ...fields.map((f) => ({
      key: f.name,
      title: label(f.name),
      width: f.type === 'text' ? 180 : 140,
      render: (_: unknown, r: QuickRow) => input(r, f),
    })),
    // No key: the result (saved, or why not) cannot be hidden with the column chooser.
    { title: t('quick.result'), width: 240, render: (_, r) => <div data-testid="quick-result">{result(r)}</div> },
  ];

  return (
    <div className="fs-prod-quick" data-testid="quick-entry">
      <div className="fs-filters">
        <FilterField id="quick-day" label={t('quick.day')} width={220}>
          <DatePicker
            id="quick-day"
            size="large"
            className="fs-prod-wide"
            format={DAY}
            allowClear={false}
            value={day}
            onChange={changeDay}
            disabledDate={(d) => d.isAfter(todayDay, 'day')}
          />
        </FilterField>
        <div className="fs-filters__actions">
          <Button
            type="primary"
            size="large"
            icon={<SaveOutlined />}
            loading={busy}
            disabled={!rows.data?.length}
            onClick={() => void save()}
          >
            {t('quick.save')}
          </Button>
        </div>
      </div>
      <Alert type="info" showIcon title={t('quick.hint')} className="fs-prod-alert" />
      {failed ? (
        <ErrorBlock title={t('quick.loadFailed')} onRetry={() => void rows.refetch()} />
      ) : (
        <PagedTable<QuickRow>
          label={t('quick.tableLabel')}
          // The daily list on the same page keeps its own column choice; each kind has its fields.
          columnsKey={`quick-entry:${kind}`}
          rowKey="flockId"
          className="fs-admin-table"
          size="middle"
          loading={rows.isFetching}
          rows={rows.data}
          columns={columns}
          rowClassName={(r) =>
            states[r.flockId]?.state === 'error' ? 'fs-prod-row--error' : states[r.flockId]?.state === 'saved' ? 'fs-prod-row--saved' : ''
          }
          emptyText={t('quick.empty')}
          scroll={{ x: 800 }}
        />
      )}
    </div>
  );
}
