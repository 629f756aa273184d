import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { useSession } from '../auth/sessionContext';
import { menuLabel } from '../i18n/i18n';

/**
 * SPEC §2 third-level tab strip: the sibling pages of the current one under its second-level
 * entry, as links (each tab is a page: open in a new tab, copy the address). The current one
 * carries aria-current="page". On a narrow screen the strip scrolls sideways.
 */
export function TabStrip(): ReactElement | null {
  useTranslation('menu');
  const { model } = useSession();
  const { pathname } = useLocation();
  const tabs = model.tabsOf(pathname);
  if (tabs.length === 0) return null;
  return (
    <nav className="fs-tabstrip" aria-label={menuLabel(model.chainOf(pathname).at(-2)?.applicationCode ?? '')}>
      <ul className="fs-tabstrip__list">
        {tabs.map((tab) => (
          <li key={tab.path}>
            <NavLink end to={tab.path} className="fs-tabstrip__tab">
              {menuLabel(tab.code)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
