import { useMemo, type ReactElement } from 'react';
import { Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { PIG_SHED_TYPES, POULTRY_SHED_TYPES, type AlarmRuleRow, type RuleGroupRow } from '@farmsense/shared';
import { useFarmChoice } from '../../../app/farm';
import { menuLabel } from '../../../app/i18n/i18n';
import { shedTypeLabel } from '../../../ui/enumLabel';
import { FarmField } from '../../../ui/FarmSelect';
import { FilterBar } from '../../../ui/FilterBar';
import { lazyPart } from '../../../ui/lazyPart';
import { useRowDialog } from '../../../ui/list/ListPage';
import { numberFilter, useListPage } from '../../../ui/list/useListPage';
import { PagedTable } from '../../../ui/PagedTable';
import { ListTable } from '../../../ui/list/ListPage';
import { editDeleteColumn } from '../../../ui/EditDeleteActions';
import { useDeleteRule, useDeleteRuleGroup, useRuleGroupPage, useRulePage } from '../api';
import { ConfigHead } from '../components/ConfigHead';
import { ruleColumns } from '../components/ruleColumns';
import { SelectFilter } from '../../../ui/SelectFilter';
import { PageFrame } from '../../../ui/PageParts';
import '../../../ui/admin.css';
import '../alarms.css';

// The forms load when first opened.
const GroupFormDialog = lazyPart(() => import('../components/GroupFormDialog').then((m) => m.GroupFormDialog));
const RuleFormDialog = lazyPart(() => import('../components/RuleFormDialog').then((m) => m.RuleFormDialog));

const FILTERS = { shedType: numberFilter, groupId: numberFilter };
/** A farm has a handful of groups (one or a few per shed type): they are listed at once. */
const GROUPS_AT_ONCE = 200;

/**
 * /warningmanagement/warningconfiguration: the rule groups of a farm (per shed type) on the left,
 * the chosen group's rules with their day-age stages on the right; add, edit and delete both.
 * The shed type and the chosen group are in the address with the rules' page.
 */
export function RuleConfigPage(): ReactElement {
  const { t } = useTranslation(['alarms', 'common']);
  const choice = useFarmChoice();
  const list = useListPage(FILTERS);
  const { filters } = list;
  const groupForm = useRowDialog<RuleGroupRow>();
  const ruleForm = useRowDialog<AlarmRuleRow>();
  const removeGroup = useDeleteRuleGroup();
  const removeRule = useDeleteRule();
  const farmType = choice.farm?.type;
  const shedTypes = useMemo(
    () =>
      (farmType === 1 ? PIG_SHED_TYPES : farmType === 2 ? POULTRY_SHED_TYPES : []).map((v) => ({
        value: v as number,
        label: shedTypeLabel(v) || String(v),
      })),
    [farmType],
  );

  const groups = useRuleGroupPage(
    { pageNo: 1, pageSize: GROUPS_AT_ONCE, farmId: choice.farmId, shedType: filters.shedType },
    choice.farmId !== undefined,
  );
  const groupRows = groups.data?.list ?? [];
  // The chosen group, or the first one listed.
  const group = groupRows.find((g) => g.id === filters.groupId) ?? groupRows[0] ?? null;
  const rules = useRulePage({ pageNo: list.paging.pageNo, pageSize: list.paging.pageSize, groupId: group?.id }, group !== null);

  const groupColumns: ColumnsType<RuleGroupRow> = [
    {
      key: 'name',
      title: t('groups.columns.name'),
      render: (_, g) => (
        <div className="fs-cell-stack">
          <span>
            {g.name} {!g.enabled && <Tag>{t('common:disabled')}</Tag>}
          </span>
          <Typography.Text type="secondary" className="fs-cell-sub">
            {shedTypeLabel(g.shedType)} · {t('groups.ruleCount', { count: g.ruleCount })}
          </Typography.Text>
        </div>
      ),
    },
    editDeleteColumn<RuleGroupRow>(t, 'groups', 96, {
      names: (g) => ({ name: g.name }),
      edit: groupForm.edit,
      remove: (g) => removeGroup.mutateAsync(g.id),
      content: (g) => t('groups.deleteWarning', { count: g.ruleCount }),
      after: () => list.apply({ groupId: undefined }),
      compact: true,
    }),
  ];

  const columns = [
    ...ruleColumns(t),
    editDeleteColumn<AlarmRuleRow>(t, 'rules', 200, {
      names: (r) => ({ name: r.name }),
      edit: ruleForm.edit,
      remove: (r) => removeRule.mutateAsync(r.id),
    }),
  ];

  return (
    <PageFrame
      head={{ title: menuLabel('warningmanagement.warningconfiguration'), subtitle: t('config.subtitle') }}
      after={
        <>
          {groupForm.open && choice.farmId !== undefined && (
            <GroupFormDialog farmId={choice.farmId} group={groupForm.row} shedTypes={shedTypes} onClose={groupForm.close} />
          )}
          {ruleForm.open && group && <RuleFormDialog group={group} rule={ruleForm.row} onClose={ruleForm.close} />}
        </>
      }
    >
      <FilterBar label={t('config.filters')}>
        <FarmField
          id="rule-farm"
          label={t('records.farm')}
          width={200}
          choice={choice}
          onPicked={() => list.apply({ groupId: undefined, shedType: undefined })}
        />
        <SelectFilter<number>
          id="rule-shed-type"
          label={t('groups.fields.shedType')}
          width={180}
          value={filters.shedType}
          onChange={(v) => list.apply({ shedType: v ?? undefined, groupId: undefined })}
          options={shedTypes}
        />
      </FilterBar>
      <div className="fs-alarm-config">
        <div className="fs-alarm-config__groups">
          <ConfigHead
            title={t('groups.title')}
            addLabel={t('groups.add')}
            addDisabled={choice.farmId === undefined}
            onAdd={groupForm.add}
            primary={false}
          />
          <PagedTable<RuleGroupRow>
            label={t('groups.title')}
            columnsKey="rule-config:groups"
            rowKey="id"
            size="small"
            loading={groups.isPending && choice.farmId !== undefined}
            rows={groupRows}
            columns={groupColumns}
            emptyText={t('groups.empty')}
            rowClassName={(g) => (g.id === group?.id ? 'fs-row-chosen' : '')}
            onRow={(g) => ({ onClick: () => list.apply({ groupId: g.id }), 'aria-selected': g.id === group?.id })}
          />
        </div>
        <div className="fs-alarm-config__rules">
          <ConfigHead
            title={group ? t('rules.titleOf', { name: group.name }) : t('rules.title')}
            testId="rules-title"
            addLabel={t('rules.add')}
            addDisabled={group === null}
            onAdd={ruleForm.add}
          />
          <ListTable
            list={list}
            page={rules}
            label={t('rules.title')}
            size="middle"
            columns={columns}
            emptyText={group ? t('rules.empty') : t('rules.noGroup')}
            scroll={{ x: 1100 }}
          />
        </div>
      </div>
    </PageFrame>
  );
}
