import type { ReactElement } from 'react';
import { Button, Dropdown } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale } from '@farmsense/shared';
import { changeLocale } from '../app/i18n/locales';
import { useAppStore } from '../app/stores/appStore';

/** The console's language menu (antd); the sign-in page has a plain one (auth/plain.tsx). */
export function LanguageSwitch({ compact = false, dark = false }: { compact?: boolean; dark?: boolean }): ReactElement {
  const { t } = useTranslation('shell');
  const locale = useAppStore((s) => s.locale);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [locale],
        items: LOCALES.map((l) => ({ key: l, label: <span lang={l}>{t(`languageNames.${l}`)}</span> })),
        onClick: ({ key }) => void changeLocale(key as Locale),
      }}
    >
      <Button
        type="text"
        icon={<GlobalOutlined />}
        aria-label={t('actions.language')}
        className={dark ? 'fs-topbar-btn fs-topbar-btn--dark' : 'fs-topbar-btn'}
      >
        {compact ? null : t(`languageNames.${locale}`)}
      </Button>
    </Dropdown>
  );
}
