import type { ReactElement } from 'react';
import { Tag, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { ClimateMode, OverviewGroup, OverviewShed } from '@farmsense/shared';
import { useHeldPath } from '../../../app/auth/sessionContext';
import { climateValue, GROUP_PAGES, houseClimate, type HouseClimate } from './overviewModel';
import { settingText } from './settingText';
import { StatusTag } from './SyncState';

const MODE_COLORS: Record<ClimateMode, string> = {
  cooling: 'blue',
  tunnel: 'geekblue',
  heating: 'orange',
  ventilation: 'cyan',
  minimum: 'green',
  idle: 'default',
};

/** The controller and its link, or the clear "no controller bound" state. */
export function ControllerCell({ shed }: { shed: OverviewShed }): ReactElement {
  const { t } = useTranslation(['control', 'common']);
  const c = shed.controller;
  if (!c) return <Tag data-testid="no-controller">{t('overview.noController')}</Tag>;
  return (
    <span>
      {c.name} <Tag color={c.online ? 'success' : 'default'}>{c.online ? t('common:online') : t('curve.offline')}</Tag>
    </span>
  );
}

function ModeTag({ mode }: { mode: ClimateMode | null }): ReactElement {
  const { t } = useTranslation(['control', 'common']);
  if (!mode) return <span>{t('common:noData')}</span>;
  return <Tag color={MODE_COLORS[mode]}>{t(`overview.modes.${mode}`)}</Tag>;
}

/** A live value with the value set for it beneath ("set 24.0 °C") when there is one. */
function LiveSet({ value, set, kind }: { value: number | null; set?: number | null; kind: string }): ReactElement {
  const { t } = useTranslation('control');
  return (
    <span className="fs-live-set">
      <span>{climateValue(value, kind)}</span>
      {set !== undefined && set !== null && (
        <>
          <br />
          <small>{t('overview.set', { value: climateValue(set, kind) })}</small>
        </>
      )}
    </span>
  );
}

/** A group's state: its status tag linked to its settings page (when the account holds it), or "not set". */
export function GroupState({ g, online }: { g: OverviewGroup; online: boolean }): ReactElement {
  const { t } = useTranslation('control');
  const path = useHeldPath(GROUP_PAGES[g.group as keyof typeof GROUP_PAGES] ?? '');
  const name = t(`groups.${g.group}`);
  const state = g.status ? <StatusTag status={g.status} online={online} /> : <Tag>{t('overview.notSet')}</Tag>;
  return (
    <span className="fs-group-state" data-testid={`group-${g.group}`}>
      {path ? (
        <Link to={path} aria-label={t('overview.open', { group: name })}>
          {name}
        </Link>
      ) : (
        name
      )}{' '}
      {state}
    </span>
  );
}

/** The climate columns of a row (a house, or a pen with its house): mode, values beside set values, groups. */
export function climateColumns<R>(t: TFunction, shedOf: (r: R) => OverviewShed): TableColumnsType<R> {
  const cache = new Map<OverviewShed, HouseClimate>();
  const climate = (r: R): HouseClimate => {
    const s = shedOf(r);
    let c = cache.get(s);
    if (!c) cache.set(s, (c = houseClimate(s)));
    return c;
  };
  const none = (r: R) => shedOf(r).controller === null;
  return [
    { title: t('overview.controller'), key: 'controller', render: (_, r) => <ControllerCell shed={shedOf(r)} /> },
    { title: t('overview.mode'), key: 'mode', render: (_, r) => (none(r) ? '–' : <ModeTag mode={climate(r).mode} />) },
    {
      title: t('overview.temp'),
      key: 'temp',
      render: (_, r) => <LiveSet value={climate(r).temp} set={climate(r).targetToday} kind="temp" />,
    },
    { title: t('overview.rh'), key: 'rh', render: (_, r) => <LiveSet value={climate(r).rh} set={climate(r).rhTarget} kind="rh" /> },
    { title: t('dynamicWind.modes.co2'), key: 'co2', render: (_, r) => <LiveSet value={climate(r).co2} kind="co2" /> },
    { title: t('overview.nh3'), key: 'nh3', render: (_, r) => <LiveSet value={climate(r).nh3} kind="nh3" /> },
    { title: t('window.controls.pressure'), key: 'pa', render: (_, r) => <LiveSet value={climate(r).pa} kind="pa" /> },
    { title: t('overview.vent'), key: 'vent', render: (_, r) => <LiveSet value={climate(r).vent} kind="fan" /> },
  ];
}

/** Every climate group of a house: state, link, versions and the set values in words. */
export function GroupList({ shed }: { shed: OverviewShed }): ReactElement {
  const { t } = useTranslation('control');
  if (!shed.controller) return <p>{t('overview.noController')}</p>;
  const online = shed.controller.online;
  return (
    <ul className="fs-group-list" aria-label={`${shed.shedName}: ${t('overview.settings')}`}>
      {shed.groups.map((g) => (
        <li key={g.group}>
          <GroupState g={g} online={online} />{' '}
          {g.desiredVersion !== null && (
            <small>{t('overview.versions', { desired: g.desiredVersion, reported: g.reportedVersion ?? '–' })}</small>
          )}
          {g.desired !== null && <div>{settingText(g.desired, t, g.group)}</div>}
        </li>
      ))}
    </ul>
  );
}

/** The groups of a house in one line: how many are synced, and the ones waiting or refused. */
export function GroupSummary({ shed }: { shed: OverviewShed }): ReactElement {
  const { t } = useTranslation('control');
  if (!shed.controller) return <span>–</span>;
  const set = shed.groups.filter((g) => g.status !== null);
  const synced = set.filter((g) => g.status === 'synced').length;
  return (
    <span>
      {t('overview.syncedCount', { synced, total: set.length })}{' '}
      {set
        .filter((g) => g.status !== 'synced')
        .map((g) => (
          <GroupState key={g.group} g={g} online={shed.controller!.online} />
        ))}
    </span>
  );
}
