import { useEffect, useId, useRef, useState, type InputHTMLAttributes, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALES } from '@farmsense/shared';
import { changeLocale } from '../i18n/locales';
import { useAppStore } from '../stores/appStore';
import './plain.css';

/**
 * Plain controls for the sign-in page, which loads without antd (its budget is 200 KB of gzipped
 * JavaScript, bench/web.bench.ts; antd alone is more). They look like the console's antd controls
 * (same colours, sizes and radius) and are labelled the same way for assistive technology.
 */

const PATHS = {
  user: 'M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10zm0 2c-4.4 0-9 2.2-9 5.5V22h18v-2.5c0-3.3-4.6-5.5-9-5.5z',
  lock: 'M17 9V7A5 5 0 0 0 7 7v2H5v13h14V9h-2zM9 7a3 3 0 0 1 6 0v2H9V7zm4 9.7V19h-2v-2.3a2 2 0 1 1 2 0z',
  shield: 'M12 2 4 5v6c0 5 3.4 9.7 8 11 4.6-1.3 8-6 8-11V5l-8-3zm-1.2 14.2-3.5-3.5 1.4-1.4 2.1 2.1 4.9-4.9 1.4 1.4-6.3 6.3z',
  reload: 'M17.7 6.3A8 8 0 1 0 20 12h-2a6 6 0 1 1-1.8-4.2L13 11h7V4l-2.3 2.3z',
  globe:
    'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm6.9 6h-3a15.7 15.7 0 0 0-1.4-3.6A8 8 0 0 1 18.9 8zM12 4c.8 1.2 1.5 2.5 1.9 4h-3.8c.4-1.5 1.1-2.8 1.9-4zM4.3 14a8 8 0 0 1 0-4h3.4a16.5 16.5 0 0 0 0 4H4.3zm.8 2h3a15.7 15.7 0 0 0 1.4 3.6A8 8 0 0 1 5.1 16zm3-8h-3a8 8 0 0 1 4.4-3.6C8.8 5.5 8.4 6.7 8.1 8zM12 20c-.8-1.2-1.5-2.5-1.9-4h3.8c-.4 1.5-1.1 2.8-1.9 4zm2.3-6H9.7a14.7 14.7 0 0 1 0-4h4.6a14.7 14.7 0 0 1 0 4zm.2 5.6c.6-1.1 1.1-2.3 1.4-3.6h3a8 8 0 0 1-4.4 3.6zm1.8-5.6a16.5 16.5 0 0 0 0-4h3.4a8 8 0 0 1 0 4h-3.4z',
  control: 'M4 21v-7H2v-2h6v2H6v7H4zm0-11V3h2v7H4zm5 11v-9h2v9H9zm0-13V6H7V4h6v2h-2v2H9zm8 13v-3h-2v-2h6v2h-2v3h-2zm0-7V3h2v11h-2z',
  flask: 'M9 2v2h1v5.2L4.6 18.6A2.3 2.3 0 0 0 6.6 22h10.8a2.3 2.3 0 0 0 2-3.4L14 9.2V4h1V2H9zm3 2v5.8l2.3 4.2H9.7L12 9.8V4z',
  bell: 'M12 22a2.5 2.5 0 0 0 2.5-2.5h-5A2.5 2.5 0 0 0 12 22zm7-6V11a7 7 0 0 0-5.5-6.8V3a1.5 1.5 0 0 0-3 0v1.2A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2z',
} as const;

/** A decorative icon (the text beside it carries the meaning). */
export function Glyph({ name }: { name: keyof typeof PATHS }): ReactElement {
  return (
    <svg className="fs-glyph" viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true" focusable="false">
      <path d={PATHS[name]} fill="currentColor" />
    </svg>
  );
}

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  icon?: keyof typeof PATHS;
  /** Something beside the input (the captcha image). */
  addon?: ReactNode;
}

/** A labelled input with its validation message below it (announced when it appears). */
export function Field({ label, value, onChange, error, icon, addon, id, ...input }: FieldProps): ReactElement {
  const auto = useId();
  const inputId = id ?? auto;
  const errorId = `${inputId}-error`;
  return (
    <div className={error ? 'fs-field fs-field--error' : 'fs-field'}>
      <label className="fs-field__label" htmlFor={inputId}>
        {label}
      </label>
      <div className="fs-field__row">
        <span className="fs-field__box">
          {icon && <Glyph name={icon} />}
          <input
            {...input}
            id={inputId}
            className="fs-field__input"
            value={value}
            onChange={(e) => onChange(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
        </span>
        {addon}
      </div>
      {error && (
        <div id={errorId} className="fs-field__error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

/** The primary button of a form; busy while the form is being sent. */
export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }): ReactElement {
  return (
    <button type="submit" className="fs-button fs-button--primary" disabled={busy} aria-busy={busy || undefined}>
      {busy && <span className="fs-spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}

/** The language menu of the sign-in page: a button opening a menu of the five languages. */
export function LanguageMenu(): ReactElement {
  const { t } = useTranslation('shell');
  const locale = useAppStore((s) => s.locale);
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const away = (e: Event): void => {
      if (e instanceof KeyboardEvent ? e.key === 'Escape' : !box.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', away);
    document.addEventListener('keydown', away);
    box.current?.querySelector<HTMLElement>('[role="menuitem"][aria-current="true"]')?.focus();
    return () => {
      document.removeEventListener('mousedown', away);
      document.removeEventListener('keydown', away);
    };
  }, [open]);
  return (
    <div className="fs-langmenu" ref={box}>
      <button
        type="button"
        className="fs-button fs-button--text"
        aria-label={t('actions.language')}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        <Glyph name="globe" />
        <span>{t(`languageNames.${locale}`)}</span>
      </button>
      {open && (
        <div className="fs-langmenu__list" role="menu" aria-label={t('actions.language')}>
          {LOCALES.map((l) => (
            <button
              key={l}
              type="button"
              role="menuitem"
              aria-current={l === locale || undefined}
              lang={l}
              className="fs-langmenu__item"
              onClick={() => {
                setOpen(false);
                void changeLocale(l);
              }}
            >
              {t(`languageNames.${l}`)}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

/** A centred spinner for lazy screens loading (no antd yet). */
export function PlainSpin(): ReactElement {
  const { t } = useTranslation('shell');
  return (
    <div className="fs-center fs-center--full" role="status" aria-live="polite">
      <span className="fs-spinner fs-spinner--large" aria-hidden="true" />
      <span className="fs-center__label">{t('loading')}</span>
    </div>
  );
}
