import { useMemo, useState, type CSSProperties, type ReactElement, type ReactNode } from 'react';
// antd's Input without Search, Password and OTP (its index attaches them, so `Input` from 'antd' brings all three).
import Input from 'antd/es/input/Input';
import { useTranslation } from 'react-i18next';
import { formatForInput, parseLocaleNumber, separatorsOf } from '@farmsense/shared';
import { intlLocale } from '../app/i18n/numbers';

/**
 * The number field of every form: typed the way the display language writes numbers ("12,5" on a
 * Russian or Vietnamese page, "12.5" in English; the other separator where it is unambiguous),
 * read by shared `parseLocaleNumber`. What the user typed stays as typed: a text that is not a
 * number reaches the form as NaN and a negative count as itself, so the form's rule (the shared
 * schema) shows the error on the field and nothing is sent. Nothing is clamped or rounded
 * silently (antd's InputNumber read "12,5" as 125 and turned "-5" into 0).
 */
export interface NumberInputProps {
  value?: number | null;
  onChange?: (value: number | null) => void;
  /** Whole numbers (counts): the phone shows its digit keypad. */
  integer?: boolean;
  id?: string;
  size?: 'large' | 'middle' | 'small';
  status?: 'error';
  placeholder?: string;
  className?: string;
  disabled?: boolean;
  /** A unit after the number ("years", "kg"). */
  suffix?: ReactNode;
  style?: CSSProperties;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'data-testid'?: string;
}

export function NumberInput({ value, onChange, integer = false, ...rest }: NumberInputProps): ReactElement {
  const { i18n } = useTranslation();
  const seps = useMemo(() => separatorsOf(intlLocale()), [i18n.language]); // eslint-disable-line react-hooks/exhaustive-deps
  const [text, setText] = useState(() => formatForInput(value, seps));
  // The value this text stands for, and the language it was written in: a value set from outside
  // (a record loaded, the form reset) or a language switch rewrites the text.
  const [shown, setShown] = useState<{ value: number | null | undefined; lang: string }>({ value, lang: i18n.language });
  if (!Object.is(shown.value, value) || shown.lang !== i18n.language) {
    setShown({ value, lang: i18n.language });
    if (!Object.is(shown.value, value) || (typeof value === 'number' && !Number.isNaN(value))) setText(formatForInput(value, seps));
  }
  return (
    <Input
      {...rest}
      inputMode={integer ? 'numeric' : 'decimal'}
      autoComplete="off"
      value={text}
      onChange={(e) => {
        const typed = e.target.value;
        const parsed = parseLocaleNumber(typed, seps);
        setText(typed);
        setShown({ value: parsed, lang: i18n.language });
        onChange?.(parsed);
      }}
    />
  );
}
