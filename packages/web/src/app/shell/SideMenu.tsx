import { useEffect, useMemo, type ReactElement } from 'react';
import { Menu, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { sessionApi } from '../api/sessionApi';
import { useSession } from '../auth/sessionContext';
import { menuLabel } from '../i18n/i18n';
import type { MenuItemModel } from '../menu/menuModel';
import { useAppStore } from '../stores/appStore';
import { menuIcon } from './menuIcons';

type Items = NonNullable<MenuProps['items']>;

function toItems(items: MenuItemModel[], depth: number): Items {
  return items.map((item) => {
    const icon = depth === 0 ? menuIcon(item.code) : undefined;
    if (item.kind === 'group') return { key: item.code, icon, label: menuLabel(item.code), children: toItems(item.children, depth + 1) };
    return { key: item.code, icon, label: menuLabel(item.code), title: menuLabel(item.code) };
  });
}

function targetsOf(items: MenuItemModel[], out = new Map<string, string>()): Map<string, string> {
  for (const item of items) {
    if (item.kind === 'entry') out.set(item.code, item.target);
    else targetsOf(item.children, out);
  }
  return out;
}

/**
 * The left menu (SPEC §2): index-flagged, permitted entries in sequence order. A click logs the
 * visit (saveActLog) and then navigates; the entry of the page already open goes through
 * /layout/reload so the page starts afresh.
 */
export function SideMenu({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }): ReactElement {
  const { i18n } = useTranslation('menu');
  const { model } = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const openKeys = useAppStore((s) => s.openMenuKeys);
  const setOpenKeys = useAppStore((s) => s.setOpenMenuKeys);

  const items = useMemo(() => toItems(model.menu, 0), [model.menu, i18n.language]); // eslint-disable-line react-hooks/exhaustive-deps
  const targets = useMemo(() => targetsOf(model.menu), [model.menu]);
  const chain = model.chainOf(pathname);
  const selected = (chain.length >= 2 ? chain[1] : chain[0])?.applicationCode;
  const group = chain.length >= 2 ? chain[0]!.applicationCode : undefined;

  // Arriving on a page (link, reload, redirect) opens its group so the selection is visible.
  useEffect(() => {
    const keys = useAppStore.getState().openMenuKeys;
    if (group && !keys.includes(group)) setOpenKeys([...keys, group]);
  }, [group, setOpenKeys]);

  const onClick: MenuProps['onClick'] = ({ key }) => {
    const target = targets.get(key);
    if (!target) return;
    // The visit is logged first; the log is session-wide so the navigation does not cancel it.
    sessionApi.saveActLog(key).catch(() => undefined);
    if (target === pathname) void navigate('/layout/reload', { state: { to: target } });
    else void navigate(target);
    onNavigate?.();
  };

  return (
    <Menu
      theme="dark"
      mode="inline"
      className="fs-menu"
      aria-label={i18n.t('actions.mainMenu', { ns: 'shell' })}
      items={items}
      selectedKeys={selected ? [selected] : []}
      {...(collapsed ? {} : { openKeys, onOpenChange: (keys: string[]) => setOpenKeys(keys) })}
      onClick={onClick}
    />
  );
}
