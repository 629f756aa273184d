import type { ThemeConfig } from 'antd';

/**
 * A calm agricultural green with dense but readable defaults. Controls are a little taller than
 * antd's default (36 px) so they stay usable with work gloves on barn tablets; the small screen
 * band switches the whole console to the large size.
 */
export const BRAND = {
  primary: '#1f7a45',
  primaryDark: '#155c33',
  siderBg: '#0f2a1c',
  siderItemBg: '#0b2116',
  headerBg: '#ffffff',
  pageBg: '#f3f6f4',
} as const;

export const THEME: ThemeConfig = {
  cssVar: { key: 'fs' },
  token: {
    colorPrimary: BRAND.primary,
    colorInfo: '#1677a6',
    colorSuccess: '#389e0d',
    colorWarning: '#d48806',
    colorError: '#cf1322',
    colorLink: BRAND.primary,
    borderRadius: 6,
    controlHeight: 36,
    fontSize: 14,
    colorBgLayout: BRAND.pageBg,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', 'PingFang SC', 'Microsoft YaHei', 'Noto Sans Thai', sans-serif",
  },
  components: {
    Layout: { siderBg: BRAND.siderBg, headerBg: BRAND.headerBg, headerHeight: 56, headerPadding: '0 16px', triggerBg: BRAND.siderItemBg },
    Menu: {
      darkItemBg: BRAND.siderBg,
      darkSubMenuItemBg: BRAND.siderItemBg,
      darkItemSelectedBg: BRAND.primary,
      darkItemColor: 'rgba(255,255,255,0.78)',
      itemHeight: 42,
      iconSize: 16,
    },
    Card: { headerFontSize: 15 },
    Tabs: { horizontalMargin: '0' },
  },
};

/** THEME without antd's motion, for users whose system asks for reduced motion. */
export const STILL_THEME: ThemeConfig = { ...THEME, token: { ...THEME.token, motion: false } };
