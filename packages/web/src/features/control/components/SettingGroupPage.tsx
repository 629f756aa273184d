import { useEffect, useState, type ReactElement, type ReactNode } from 'react';
import { Button, Form, Select, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ZodType } from 'zod';
import type { AppCode, ApplyResultRow, SettingApplyBody, SettingGroup, SettingStateAnswer } from '@farmsense/shared';
import { ApiError } from '../../../app/api/client';
import { useFarmChoice, useShedPick } from '../../../app/farm';
import { errorMessage, menuLabel, tk } from '../../../app/i18n/i18n';
import { FilterBar, FilterField } from '../../../ui/FilterBar';
import { FarmShedFields } from '../../../ui/FarmShedFilters';
import { PageHead } from '../../../ui/PageParts';
import { validValues } from '../../../ui/useFormSave';
import { useApplySetting, useRestoreSetting, useSettingState } from '../api';
import type { ControlCode } from './ControlCodeDialog';
import { LazyControlCodeDialog } from './LazyControlCodeDialog';
import { StatusTag, SyncState } from './SyncState';
import '../../../ui/admin.css';

type Asking<P> = { kind: 'apply'; payload: P } | { kind: 'restore'; version: number };

/** Field issues the server answered (`payload.heaters.0.offBelow`), as the form's field names. */
function serverIssues(err: unknown): { name: (string | number)[]; errors: string[] }[] {
  if (!(err instanceof ApiError) || !err.data || typeof err.data !== 'object') return [];
  const issues = (err.data as { issues?: unknown }).issues;
  if (!Array.isArray(issues)) return [];
  return issues.flatMap((i: { field?: unknown; key?: unknown }) =>
    typeof i.field === 'string' && i.field.startsWith('payload.') && typeof i.key === 'string'
      ? [
          {
            name: i.field
              .split('.')
              .slice(1)
              .map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
            errors: [tk(i.key)],
          },
        ]
      : [],
  );
}

/**
 * The frame of a remote-control settings page (the day-age curve, heaters, fan stages, ...):
 * choose a house, edit its newest version (the form), see what the controller acknowledged beside
 * it, apply to it and to other houses after the security or authorization code (a result per
 * house), follow the state per version and restore an earlier one.
 */
export function SettingGroupPage<P>({
  app,
  group,
  subtitle,
  schema,
  starter,
  applyLabel,
  editor,
  reported,
  body,
  form,
  aside,
  chart,
  idPrefix = group,
  formName = idPrefix,
}: {
  app: AppCode;
  group: SettingGroup;
  subtitle: string;
  /** The group's rules (shared): what a stored version must be to be edited. */
  schema: ZodType<P>;
  starter: P;
  applyLabel: string;
  /** The fields of the form (`form`, labels above its fields). */
  editor: ReactNode;
  /** What the controller acknowledged last, in words (null before any); none: the chart shows it. */
  reported?: (value: P | null) => ReactNode;
  body: (payload: P, shedIds: number[], code: ControlCode) => SettingApplyBody;
  form: FormInstance<P>;
  /** More about the chosen house beside the form (the alarm limits' platform rules). */
  aside?: (house: { farmId: number | undefined; shedId: number; state: SettingStateAnswer }) => ReactNode;
  /** A panel above the form (the day-age curve drawn against the flock's day age), with what the controller acknowledged. */
  chart?: (state: SettingStateAnswer, reported: P | null) => ReactNode;
  /** The start of the house pickers' ids (`curve-shed`); the group's name by default. */
  idPrefix?: string;
  /** The form's name, which its fields' ids start with; `idPrefix` by default. */
  formName?: string;
}): ReactElement {
  const { t } = useTranslation(['control', 'common']);
  const choice = useFarmChoice();
  const house = useShedPick(choice.farmId);
  const { sheds, shedId } = house;
  const state = useSettingState(shedId, group);
  const [others, setOthers] = useState<number[]>([]);
  const [asking, setAsking] = useState<Asking<P> | null>(null);
  const [results, setResults] = useState<ApplyResultRow[] | null>(null);
  const apply = useApplySetting();
  const restore = useRestoreSetting();

  const desired = state.data?.versions[0]?.payload;
  const desiredVersion = state.data?.desiredVersion ?? null;
  useEffect(() => {
    const parsed = schema.safeParse(desired);
    form.setFieldsValue((parsed.success ? parsed.data : starter) as Parameters<typeof form.setFieldsValue>[0]);
    // Only a new version or another house replaces what is being edited.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shedId, desiredVersion, form]);

  const startApply = async (): Promise<void> => {
    const values = await validValues(form);
    if (!values) return;
    setResults(null);
    setAsking({ kind: 'apply', payload: values });
  };
  const run = async (code: ControlCode): Promise<void> => {
    if (!asking || shedId === undefined) return;
    try {
      const answer =
        asking.kind === 'apply'
          ? await apply.mutateAsync(body(asking.payload, [shedId, ...others.filter((id) => id !== shedId)], code))
          : await restore.mutateAsync({ shedId, group, version: asking.version, ...code });
      setResults(answer.results);
    } catch (err) {
      const fields = serverIssues(err);
      if (fields.length > 0) form.setFields(fields as Parameters<typeof form.setFields>[0]);
      throw err;
    }
  };
  const parsedReported = schema.safeParse(state.data?.reported);
  const reportedValue = parsedReported.success ? parsedReported.data : null;

  return (
    <section className="fs-admin-page" aria-labelledby="page-title">
      <PageHead title={menuLabel(app)} subtitle={subtitle} />
      <div className="fs-panel">
        <FilterBar label={t('curve.house')}>
          <FarmShedFields
            idPrefix={idPrefix}
            texts={{ farm: t('codes.farm'), shed: t('curve.house') }}
            choice={choice}
            house={house}
            onPicked={(field) => field === 'farm' && setOthers([])}
          />
        </FilterBar>
      </div>
      {chart && state.data && <div className="fs-panel">{chart(state.data, reportedValue)}</div>}
      <div className="fs-panel">
        {reported && state.data && <ReportedBox state={state.data}>{reported(reportedValue)}</ReportedBox>}
        <Form form={form} name={formName} layout="vertical">
          {editor}
        </Form>
        {aside && state.data && shedId !== undefined && aside({ farmId: choice.farmId, shedId, state: state.data })}
        <div className="fs-filters" role="group" aria-label={t('curve.applyTo')}>
          <FilterField id={`${idPrefix}-others`} label={t('curve.alsoTo')} width={320}>
            <Select
              id={`${idPrefix}-others`}
              mode="multiple"
              value={others}
              onChange={setOthers}
              options={(sheds.data ?? []).filter((s) => s.value !== shedId)}
              optionFilterProp="label"
            />
          </FilterField>
          <div className="fs-filters__actions">
            <Button type="primary" disabled={shedId === undefined} onClick={() => void startApply()}>
              {applyLabel}
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
        title={asking?.kind === 'restore' ? t('versions.restoreVersion', { version: asking.version }) : applyLabel}
        onClose={() => setAsking(null)}
        run={run}
      />
    </section>
  );
}

/** What the controller acknowledged (the reported version), shown beside the form. */
function ReportedBox({ state, children }: { state: SettingStateAnswer; children: ReactNode }): ReactElement {
  const { t } = useTranslation('control');
  return (
    <section aria-label={t('curve.reported')} data-testid="reported">
      <h3>
        {t('curve.reported')} {state.reportedVersion !== null ? `v${state.reportedVersion}` : ''}
      </h3>
      {children}
    </section>
  );
}
