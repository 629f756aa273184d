import type { ReactElement } from 'react';
import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { byPriority, type PhoneConfigRow, type PushStrategyRow } from '@farmsense/shared';
import { useFarmChoice } from '../../../app/farm';
import { menuLabel } from '../../../app/i18n/i18n';
import { FarmField } from '../../../ui/FarmSelect';
import { FilterBar } from '../../../ui/FilterBar';
import { lazyPart } from '../../../ui/lazyPart';
import { useRowDialog } from '../../../ui/list/ListPage';
import { editDeleteColumn } from '../../../ui/EditDeleteActions';
import { FarmConfigTable } from '../components/FarmConfigTable';
import { useDeletePhoneConfig, useDeleteStrategy, useFarmPhoneConfig, useFarmStrategy } from '../pushApi';
import { PageFrame } from '../../../ui/PageParts';
import '../../../ui/admin.css';
import '../alarms.css';

// The forms load when first opened.
const StrategyFormDialog = lazyPart(() => import('../components/StrategyFormDialog').then((m) => m.StrategyFormDialog));
const PhoneFormDialog = lazyPart(() => import('../components/PhoneFormDialog').then((m) => m.PhoneFormDialog));

const contacts = (list: PhoneConfigRow['callers']): ReactElement => (
  <div className="fs-cell-stack">
    {byPriority(list).map((c) => (
      <span key={`${c.priority}-${c.number}`}>
        {c.name} {c.number} <Tag>P{c.priority}</Tag>
      </span>
    ))}
  </div>
);

/**
 * /pushmanagement/pushpolicyconfiguration: for the chosen farm, its push strategy (who is told of
 * which alarms, how and how often) and its phone notification configuration (the numbers calls
 * come from and go to). A farm has at most one of each, so each is a table of one row with add,
 * edit and delete (confirmed); the add button waits until the farm's one is deleted.
 */
export function PushConfigPage(): ReactElement {
  const { t } = useTranslation(['alarms', 'common', 'shell']);
  const choice = useFarmChoice();
  const farmId = choice.farmId;
  const strategyForm = useRowDialog<PushStrategyRow>();
  const phoneForm = useRowDialog<PhoneConfigRow>();
  const strategy = useFarmStrategy(farmId);
  const phone = useFarmPhoneConfig(farmId);
  const removeStrategy = useDeleteStrategy();
  const removePhone = useDeletePhoneConfig();
  const strategies = farmId === undefined ? [] : (strategy.data?.list ?? []);
  const phones = farmId === undefined ? [] : (phone.data?.list ?? []);
  const enabledTag = (on: boolean): ReactElement => (
    <Tag color={on ? 'green' : 'default'}>{on ? t('common:enabled') : t('common:disabled')}</Tag>
  );

  const strategyColumns: ColumnsType<PushStrategyRow> = [
    {
      key: 'name',
      title: t('pushConfig.strategy.fields.name'),
      render: (_, r) => (
        <>
          {r.name} {enabledTag(r.enabled)}
        </>
      ),
    },
    {
      key: 'levels',
      title: t('pushConfig.strategy.fields.levels'),
      render: (_, r) => r.levels.map((l) => <Tag key={l}>{t(`levels.${l}`)}</Tag>),
    },
    {
      key: 'kinds',
      title: t('pushConfig.strategy.fields.kinds'),
      render: (_, r) => r.kinds.map((k) => <Tag key={k}>{t(`kinds.${k}`)}</Tag>),
    },
    {
      key: 'methods',
      title: t('pushConfig.strategy.fields.methods'),
      render: (_, r) => r.methods.map((m) => <Tag key={m}>{t(`push.methods.${m}`)}</Tag>),
    },
    {
      key: 'people',
      title: t('pushConfig.strategy.fields.people'),
      render: (_, r) => (
        <div className="fs-cell-stack">
          {r.people.map((p) => (
            <span key={p.id}>{p.name}</span>
          ))}
          {r.extraEmails.map((e) => (
            <span key={e}>{e}</span>
          ))}
        </div>
      ),
    },
    { key: 'language', title: t('pushConfig.fields.language'), render: (_, r) => t(`shell:languageNames.${r.language}`) },
    {
      key: 'timing',
      title: t('pushConfig.strategy.timing'),
      render: (_, r) => t('pushConfig.strategy.timingOf', { interval: r.intervalMinutes, delay: r.sendDelaySec }),
    },
    editDeleteColumn<PushStrategyRow>(t, 'pushConfig.strategy', 180, {
      names: (r) => ({ name: r.name }),
      edit: strategyForm.edit,
      remove: (r) => removeStrategy.mutateAsync(r.id),
    }),
  ];

  const phoneColumns: ColumnsType<PhoneConfigRow> = [
    { key: 'callers', title: t('pushConfig.phone.fields.callers'), render: (_, r) => contacts(r.callers) },
    { key: 'callees', title: t('pushConfig.phone.fields.callees'), render: (_, r) => contacts(r.callees) },
    {
      key: 'template',
      title: t('pushConfig.phone.fields.templateContent'),
      render: (_, r) => (
        <div className="fs-cell-stack">
          <span>{r.templateContent}</span>
          {r.templateId && <span className="fs-cell-sub">{r.templateId}</span>}
        </div>
      ),
    },
    { key: 'language', title: t('pushConfig.fields.language'), render: (_, r) => t(`shell:languageNames.${r.language}`) },
    {
      key: 'interval',
      title: t('pushConfig.fields.intervalMinutes'),
      render: (_, r) => (
        <>
          {r.intervalMinutes} {enabledTag(r.enabled)}
        </>
      ),
    },
    editDeleteColumn<PhoneConfigRow>(t, 'pushConfig.phone', 180, {
      names: (r) => ({ farm: r.farmName }),
      edit: phoneForm.edit,
      remove: (r) => removePhone.mutateAsync(r.id),
    }),
  ];

  return (
    <PageFrame
      head={{ title: menuLabel('pushmanagement.pushpolicyconfiguration'), subtitle: t('pushConfig.subtitle') }}
      after={
        <>
          {strategyForm.open && farmId !== undefined && (
            <StrategyFormDialog farmId={farmId} row={strategyForm.row} onClose={strategyForm.close} />
          )}
          {phoneForm.open && farmId !== undefined && <PhoneFormDialog farmId={farmId} row={phoneForm.row} onClose={phoneForm.close} />}
        </>
      }
    >
      <FilterBar label={t('pushConfig.filters')}>
        <FarmField id="push-farm" label={t('records.farm')} width={200} choice={choice} />
      </FilterBar>
      <FarmConfigTable<PushStrategyRow>
        section="strategy"
        farmChosen={farmId !== undefined}
        rows={strategies}
        loading={strategy.isPending}
        columns={strategyColumns}
        scrollX={1100}
        onAdd={strategyForm.add}
      />
      <FarmConfigTable<PhoneConfigRow>
        section="phone"
        farmChosen={farmId !== undefined}
        rows={phones}
        loading={phone.isPending}
        columns={phoneColumns}
        scrollX={1000}
        onAdd={phoneForm.add}
      />
    </PageFrame>
  );
}
