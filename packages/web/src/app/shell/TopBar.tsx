import { useEffect, useState, type ReactElement } from 'react';
import { Button, Dropdown, Segmented, Tooltip } from 'antd';
import {
  EditOutlined,
  KeyOutlined,
  LockOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuOutlined,
  MenuUnfoldOutlined,
  SafetyCertificateOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { WholeFarmType } from '@farmsense/shared';
import { logoRowFor, useConfig, useLogoRows } from '../auth/queries';
import { logout } from '../auth/logout';
import { markSafeCodePrompted, safeCodePromptSeen } from '../auth/sessionFlags';
import { useSession } from '../auth/sessionContext';
import { switchFarmMode } from '../menu/farmMode';
import { useAppStore, type WholeFarmTypeValue } from '../stores/appStore';
import { LanguageSwitch } from '../../ui/LanguageSwitch';
import { BrandMark } from '../../ui/BrandMark';
import { lazyPart } from '../../ui/lazyPart';
import { TopBarWidgets } from './TopBarWidgets';

// The account dialogs load when first opened: every page pays for the top bar, few open these.
const isOpen = (p: { open: boolean }): boolean => p.open;
const AuthInfoDialog = lazyPart(() => import('./dialogs/AuthInfoDialog').then((m) => m.AuthInfoDialog), isOpen);
const ChangePasswordDialog = lazyPart(() => import('./dialogs/ChangePasswordDialog').then((m) => m.ChangePasswordDialog), isOpen);
const EditAccountDialog = lazyPart(() => import('./dialogs/EditAccountDialog').then((m) => m.EditAccountDialog), isOpen);
const SafeCodeDialog = lazyPart(() => import('./dialogs/SafeCodeDialog').then((m) => m.SafeCodeDialog), isOpen);

type DialogName = 'account' | 'password' | 'safeCode' | 'authInfo';

interface TopBarProps {
  small: boolean;
  menuCollapsed: boolean;
  hasMenu: boolean;
  onToggleMenu: () => void;
}

/** Product title and version (LOGO row of the current language), mode switch, account actions. */
export function TopBar({ small, menuCollapsed, hasMenu, onToggleMenu }: TopBarProps): ReactElement {
  const { t } = useTranslation(['shell', 'common']);
  const { userInfo, farmMode } = useSession();
  const locale = useAppStore((s) => s.locale);
  const logo = logoRowFor(useLogoRows(true).data, locale);
  const config = useConfig();
  // An account without a safe code is asked for one at startup (SPEC §2), once per signed-in tab
  // session: not again on every reload after the user chose "later".
  const [dialog, setDialog] = useState<DialogName | null>(() => (!userInfo.hasSecurePassword && !safeCodePromptSeen() ? 'safeCode' : null));
  useEffect(() => {
    if (dialog === 'safeCode') markSafeCodePrompted();
  }, [dialog]);
  const close = (): void => setDialog(null);

  const title = logo?.paramValue || t('common:productTitle');
  const version = logo?.paramOther || config.data?.productVersion;
  const toggleLabel = small ? t('actions.openMenu') : menuCollapsed ? t('actions.expandMenu') : t('actions.collapseMenu');
  const toggleIcon = small ? <MenuOutlined /> : menuCollapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />;

  const accountItems = [
    { key: 'account', icon: <EditOutlined />, label: t('actions.editAccount') },
    { key: 'password', icon: <LockOutlined />, label: t('actions.changePassword') },
    { key: 'safeCode', icon: <KeyOutlined />, label: t('actions.changeSafeCode') },
    { key: 'authInfo', icon: <SafetyCertificateOutlined />, label: t('actions.authInfo') },
    { type: 'divider' as const },
    { key: 'logout', icon: <LogoutOutlined />, label: t('actions.logout'), danger: true },
  ];

  const onAccountAction = (key: string): void => {
    if (key === 'logout') {
      void logout();
      return;
    }
    setDialog(key as DialogName);
  };

  return (
    <header className="fs-topbar">
      <div className="fs-topbar__left">
        {hasMenu && (
          <Tooltip title={toggleLabel}>
            <Button type="text" className="fs-topbar-btn" icon={toggleIcon} aria-label={toggleLabel} onClick={onToggleMenu} />
          </Tooltip>
        )}
        <BrandMark />
        <div className="fs-topbar__title">
          <strong className="fs-topbar__name" title={title} data-testid="product-title">
            {title}
          </strong>
          {version && !small && (
            <span className="fs-topbar__version" data-testid="product-version">
              {t('version', { version })}
            </span>
          )}
        </div>
        {farmMode.switchable && (
          <Segmented<WholeFarmTypeValue>
            className="fs-mode-switch"
            aria-label={t('farmMode.label')}
            value={farmMode.wholeFarmType}
            onChange={(v) => switchFarmMode(v)}
            options={[
              { value: WholeFarmType.PIG, label: t('farmMode.pig') },
              { value: WholeFarmType.CHICKEN, label: t('farmMode.chicken') },
            ]}
          />
        )}
      </div>
      <div className="fs-topbar__right">
        {!small && (
          <span className="fs-topbar__welcome" data-testid="welcome">
            {t('welcome', { name: userInfo.accountName })}
          </span>
        )}
        <TopBarWidgets />
        <LanguageSwitch compact={small} />
        <Dropdown trigger={['click']} menu={{ items: accountItems, onClick: ({ key }) => onAccountAction(key) }}>
          <Button type="text" className="fs-topbar-btn fs-account-btn" aria-label={t('actions.accountMenu')}>
            <span className="fs-avatar" aria-hidden="true">
              <UserOutlined />
            </span>
            {!small && <span className="fs-account-btn__name">{userInfo.accountName}</span>}
          </Button>
        </Dropdown>
      </div>
      <EditAccountDialog open={dialog === 'account'} onClose={close} />
      <ChangePasswordDialog open={dialog === 'password'} onClose={close} />
      <SafeCodeDialog open={dialog === 'safeCode'} onClose={close} />
      <AuthInfoDialog open={dialog === 'authInfo'} onClose={close} />
    </header>
  );
}
