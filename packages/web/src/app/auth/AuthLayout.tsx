import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '../../ui/BrandMark';
import { useScreenBand } from '../../ui/useScreenBand';
import { Glyph, LanguageMenu } from './plain';
import { useConfig } from './queries';
import './auth.css';

/**
 * Frame of the sign-in screens: a brand panel (hidden on small screens) and the form card. Plain
 * markup, no antd: it is part of the sign-in page's first load.
 */
export function AuthLayout({ children }: { children: ReactNode }): ReactElement {
  const { t } = useTranslation(['auth', 'common', 'shell']);
  const band = useScreenBand();
  const version = useConfig().data?.productVersion;
  const points = [
    { icon: <Glyph name="control" />, text: t('hero.env') },
    { icon: <Glyph name="flask" />, text: t('hero.feed') },
    { icon: <Glyph name="bell" />, text: t('hero.alarm') },
  ];
  return (
    <div className={`fs-auth fs-auth--${band}`}>
      {band !== 'small' && (
        <aside className="fs-auth__hero">
          <div className="fs-auth__brand">
            <BrandMark size={44} />
            <span>{t('common:productTitle')}</span>
          </div>
          <div className="fs-auth__pitch">
            <h2>{t('hero.title')}</h2>
            <p>{t('hero.text')}</p>
            <ul>
              {points.map((p) => (
                <li key={p.text}>
                  <span className="fs-auth__point-icon">{p.icon}</span>
                  {p.text}
                </li>
              ))}
            </ul>
          </div>
          <div className="fs-auth__hero-foot">© FarmSense</div>
        </aside>
      )}
      <main className="fs-auth__panel">
        <div className="fs-auth__lang">
          <LanguageMenu />
        </div>
        <div className="fs-auth__card">
          {band === 'small' && (
            <div className="fs-auth__brand fs-auth__brand--inline">
              <BrandMark size={36} />
              <span>{t('common:productTitle')}</span>
            </div>
          )}
          {children}
        </div>
        {version && <span className="fs-auth__version">{t('shell:version', { version })}</span>}
      </main>
    </div>
  );
}
