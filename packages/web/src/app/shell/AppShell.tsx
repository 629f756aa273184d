import { Suspense, useEffect, useState, type ReactElement } from 'react';
import { Layout } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { useSession } from '../auth/sessionContext';
import { menuLabel } from '../i18n/i18n';
import { ErrorBoundary } from '../routes/ErrorBoundary';
import { useAppStore } from '../stores/appStore';
import { lazyPart } from '../../ui/lazyPart';
import { PageSpin } from '../../ui/PageSpin';
import { useScreenBand } from '../../ui/useScreenBand';
import { SideMenu } from './SideMenu';
import { TabStrip } from './TabStrip';
import { TopBar } from './TopBar';

const MenuDrawer = lazyPart(
  () => import('./MenuDrawer').then((m) => m.MenuDrawer),
  (p) => p.open,
);

/**
 * The console frame (SPEC §2): top bar, collapsible left menu (a drawer on small screens, loaded
 * when first opened), the
 * optional third-level tab strip and the content area.
 */
export function AppShell(): ReactElement {
  const { t } = useTranslation(['shell', 'common']);
  const { model } = useSession();
  const band = useScreenBand();
  const small = band === 'small';
  const collapsed = useAppStore((s) => s.menuCollapsed);
  const setCollapsed = useAppStore((s) => s.setMenuCollapsed);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { pathname } = useLocation();
  const hasMenu = model.menu.length > 0;
  const pageCode = model.chainOf(pathname).at(-1)?.applicationCode;

  // The browser tab names the page, so several open consoles can be told apart.
  useEffect(() => {
    const product = t('common:productTitle');
    document.title = pageCode ? `${menuLabel(pageCode)} · ${product}` : product;
  }, [pageCode, t]);

  return (
    <Layout className={`fs-shell fs-shell--${band}`}>
      <TopBar
        small={small}
        hasMenu={hasMenu}
        menuCollapsed={collapsed}
        onToggleMenu={() => (small ? setDrawerOpen(true) : setCollapsed(!collapsed))}
      />
      <Layout className="fs-shell__body">
        {hasMenu && !small && (
          <Layout.Sider
            className="fs-sider"
            width={band === 'large' ? 240 : 216}
            collapsedWidth={64}
            collapsed={collapsed}
            trigger={null}
            collapsible
          >
            <nav aria-label={t('actions.mainMenu')} className="fs-sider__nav">
              <SideMenu collapsed={collapsed} />
            </nav>
          </Layout.Sider>
        )}
        {hasMenu && small && <MenuDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />}
        <Layout.Content className="fs-content" id="main-content">
          <TabStrip />
          <div className="fs-page">
            <ErrorBoundary key={pathname}>
              <Suspense fallback={<PageSpin />}>
                <Outlet />
              </Suspense>
            </ErrorBoundary>
          </div>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
