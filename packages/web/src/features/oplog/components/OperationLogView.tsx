import { useMemo, type ReactElement } from 'react';
import { Button } from 'antd';
import { ReloadOutlined, UndoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { AUDIT_OUTCOMES, type AuditOutcome, type OperationLogRow } from '@farmsense/shared';
import { DateRangePicker } from '../../../ui/DateRangePicker';
import { FilterBar, FilterField } from '../../../ui/FilterBar';
import { pageQueryProps, PagedTable } from '../../../ui/PagedTable';
import { useTenantChoices, useTenantOptions } from '../../tenants';
import { useOplogModules, useOplogPage } from '../api';
import { useOplogFilters } from '../hooks/useOplogFilters';
import { DetailJson, moduleLabel, outcomeLabel } from './labels';
import { oplogColumns } from './oplogColumns';
import { SelectFilter } from '../../../ui/SelectFilter';
import { useAccountOptions } from '../../../app/auth/queries';
import '../oplog.css';

/** Value of the platform's own log in the tenant picker (tenant ids start at 1). */
const PLATFORM_OWN = 0;

/**
 * The operation and security log: filters (time range of at most 30 days, account, module,
 * outcome) over a paged, read-only table whose rows expand to the entry's detail.
 *
 * `platform`: the platform back office reads its own entries or, chosen in a tenant picker, one
 * tenant's (`tenantId` preselects it); its accounts come from that tenant. A tenant account reads
 * its own tenant's log with the account list already loaded for the session.
 */
export function OperationLogView({
  platform = false,
  tenantId,
  idPrefix = 'oplog',
}: {
  platform?: boolean;
  tenantId?: number;
  idPrefix?: string;
}): ReactElement {
  const { t } = useTranslation(['oplog', 'common']);
  const state = useOplogFilters(tenantId);
  const { filters, query } = state;
  const page = useOplogPage(query);
  const modules = useOplogModules(filters.tenantId);
  const tenants = useTenantChoices(platform);
  const tenantAccounts = useTenantOptions(platform ? filters.tenantId : undefined);
  const sessionAccounts = useAccountOptions();
  const columns = useMemo(() => oplogColumns(t), [t]);

  const accountOptions = platform
    ? (tenantAccounts.data?.accounts ?? []).map((a) => ({ value: a.id, label: `${a.accountName} (${a.accountCode})` }))
    : sessionAccounts.map((a) => ({ value: a.value, label: a.label }));
  const id = (name: string): string => `${idPrefix}-${name}`;

  const filtersBar = (
    <FilterBar
      label={t('filters.label')}
      actions={
        <>
          <Button icon={<UndoOutlined />} onClick={state.reset}>
            {t('common:reset')}
          </Button>
          <Button
            type="primary"
            icon={<ReloadOutlined />}
            loading={page.isFetching}
            onClick={() => {
              if (!state.refresh()) void page.refetch();
            }}
          >
            {t('common:refresh')}
          </Button>
        </>
      }
    >
      {platform && (
        <SelectFilter<number>
          id={id('tenant')}
          label={t('filters.tenant')}
          width={220}
          required
          value={filters.tenantId ?? PLATFORM_OWN}
          onChange={(v) => state.set('tenantId', v === PLATFORM_OWN ? undefined : v)}
          search
          loading={tenants.isPending}
          options={[
            { value: PLATFORM_OWN, label: t('filters.platformOwn') },
            ...(tenants.data ?? []).map((x) => ({ value: x.id, label: x.name })),
          ]}
        />
      )}
      <FilterField id={id('range')} label={t('filters.time')}>
        <DateRangePicker id={id('range')} value={filters.range} onChange={state.setRange} />
      </FilterField>
      <SelectFilter<number>
        id={id('account')}
        label={t('filters.account')}
        width={170}
        placeholder={t('filters.allAccounts')}
        value={filters.accountId}
        onChange={(v) => state.set('accountId', v ?? undefined)}
        search
        disabled={platform && filters.tenantId === undefined}
        options={accountOptions}
      />
      <SelectFilter<string>
        id={id('module')}
        label={t('filters.module')}
        width={150}
        placeholder={t('filters.allModules')}
        value={filters.module}
        onChange={(v) => state.set('module', v ?? undefined)}
        loading={modules.isPending}
        options={(modules.data ?? []).map((m) => ({ value: m, label: moduleLabel(m) }))}
      />
      <SelectFilter<AuditOutcome>
        id={id('outcome')}
        label={t('filters.outcome')}
        width={130}
        placeholder={t('filters.allOutcomes')}
        value={filters.outcome}
        onChange={(v) => state.set('outcome', v ?? undefined)}
        options={AUDIT_OUTCOMES.map((o) => ({
          value: o,
          label: <span className={`fs-outcome-option fs-outcome-option--${o}`}>{outcomeLabel(o)}</span>,
          title: outcomeLabel(o),
        }))}
      />
      <label className="fs-oplog__visits">
        <input
          type="checkbox"
          data-testid="oplog-visits"
          checked={filters.visits === true}
          onChange={(e) => state.set('visits', e.target.checked || undefined)}
        />
        {t('filters.visits')}
      </label>
    </FilterBar>
  );

  return (
    <div className="fs-panel fs-oplog">
      {filtersBar}
      <PagedTable<OperationLogRow>
        label={t('table.label')}
        rowKey="id"
        size="middle"
        columns={columns}
        {...pageQueryProps(page)}
        paging={state.paging}
        onPaging={state.setPaging}
        emptyText={t('table.empty')}
        scroll={{ x: 1120 }}
        expandable={{
          rowExpandable: (r) => r.detail !== null && r.detail !== undefined,
          expandedRowRender: (r) => <DetailJson detail={r.detail} />,
        }}
      />
    </div>
  );
}
