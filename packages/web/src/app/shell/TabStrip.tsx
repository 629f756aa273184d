import type { ReactElement } from 'react';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../auth/sessionContext';
import { menuLabel } from '../i18n/i18n';

/** SPEC §2 third-level tab strip: the sibling pages of the current one under its second-level entry. */
export function TabStrip(): ReactElement | null {
  useTranslation('menu');
  const { model } = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const tabs = model.tabsOf(pathname);
  if (tabs.length === 0) return null;
  return (
    <nav className="fs-tabstrip" aria-label={menuLabel(model.chainOf(pathname).at(-2)?.applicationCode ?? '')}>
      <Tabs
        activeKey={pathname}
        onChange={(key) => void navigate(key)}
        items={tabs.map((tab) => ({ key: tab.path, label: menuLabel(tab.code) }))}
      />
    </nav>
  );
}
