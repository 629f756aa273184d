import { useMemo, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { AreaCode } from '@farmsense/shared';
import { useAreaCodes } from '../app/auth/queries';
import { SearchSelect, type FieldControlProps } from './SearchSelect';

/**
 * Options of the loaded area-code list (GET account/areaCode, kept in the session state). Some
 * codes serve several countries (+1, +7), so each code is one option naming all of them, in the
 * console's language (Intl.DisplayNames).
 */
export function areaCodeOptions(list: readonly AreaCode[], locale: string): { value: string; label: string }[] {
  let names: Intl.DisplayNames | null;
  try {
    names = new Intl.DisplayNames([locale], { type: 'region' });
  } catch {
    // An engine without region names for this locale shows the ISO codes instead.
    names = null;
  }
  const byCode = new Map<string, string[]>();
  for (const a of list) byCode.set(a.code, [...(byCode.get(a.code) ?? []), names?.of(a.country) ?? a.country]);
  return [...byCode].map(([code, countries]) => ({ value: code, label: `${code} ${countries.join(' / ')}` }));
}

export function AreaCodeSelect(props: FieldControlProps): ReactElement {
  const { i18n } = useTranslation();
  const list = useAreaCodes();
  const options = useMemo(() => areaCodeOptions(list, i18n.language), [list, i18n.language]);
  return <SearchSelect {...props} options={options} allowClear />;
}
