import type { ReactElement } from 'react';
import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { SideMenu } from './SideMenu';

/** The left menu as a drawer on small screens (AppShell loads it the first time it opens). */
export function MenuDrawer({ open, onClose }: { open: boolean; onClose: () => void }): ReactElement {
  const { t } = useTranslation(['shell', 'common']);
  return (
    <Drawer
      placement="left"
      open={open}
      onClose={onClose}
      size={280}
      title={t('actions.mainMenu')}
      className="fs-menu-drawer"
      closable={{ 'aria-label': t('actions.close') }}
    >
      <SideMenu collapsed={false} onNavigate={onClose} />
    </Drawer>
  );
}
