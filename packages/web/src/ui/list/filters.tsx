import type { ReactElement, ReactNode } from 'react';
import { Select } from 'antd';
// antd's Input without Search, Password and OTP (its index attaches them, so `Input` from 'antd' brings all three).
import Input from 'antd/es/input/Input';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { INPUT_MAX_LENGTH } from '@farmsense/shared';
import { FilterField } from '../FilterBar';
import { SelectFilter } from '../SelectFilter';
import type { ListPageState } from './useListPage';

interface FieldPlace {
  /** The control's id (its label points at it; tests and e2e find it by it). */
  id: string;
  label: string;
  width: number;
}

/** A text filter: typed into the draft, applied by Enter or the search button; `icon` shows a magnifier. */
export type TextFilterSpec<F> = {
  [K in keyof F]-?: F[K] extends string | undefined ? FieldPlace & { text: K; placeholder?: string; icon?: boolean } : never;
}[keyof F];

/** A choice filter with "all" as its placeholder; `onPick` replaces the plain write (a farm clears its shed). */
export type SelectFilterSpec<F> = {
  [K in keyof F]-?: FieldPlace & {
    select: K;
    options: { value: Extract<F[K], string | number>; label: ReactNode }[];
    /** Options are found by typing their label. */
    search?: boolean;
    /** What stands in the empty field ("All" unless told). */
    placeholder?: string;
    disabled?: boolean;
    loading?: boolean;
    onPick?: (value: F[K] | undefined) => void;
  };
}[keyof F];

/** The enabled / disabled filter (`status` 1 / 0), "all" first; `labels` are the page's words. */
export type StatusFilterSpec = FieldPlace & { status: { enabled: string; disabled: string } };

export type FilterSpec<F> = TextFilterSpec<F> | SelectFilterSpec<F> | (F extends { status?: 0 | 1 } ? StatusFilterSpec : never);

const ALL = 'all';

type FilterList<F> = Pick<ListPageState<F>, 'draft' | 'setDraft' | 'search' | 'apply'>;

function FilterControl<F extends object>({
  list,
  spec,
  applyNow,
}: {
  list: FilterList<F>;
  spec: FilterSpec<F>;
  applyNow: boolean;
}): ReactElement {
  const { t } = useTranslation('common');
  // A patch of one field; `field` is one of F's keys and `value` of its type, as the spec says.
  const write = (field: PropertyKey, value: unknown): void => list.setDraft({ [field]: value } as Partial<F>);
  // A choice of a bar without a search button applies at once; typed text waits for Enter.
  const pick = (field: PropertyKey, value: unknown): void => (applyNow ? list.apply : list.setDraft)({ [field]: value } as Partial<F>);
  const read = (field: PropertyKey): unknown => (list.draft as Record<PropertyKey, unknown>)[field];
  let control: ReactElement;
  if ('text' in spec) {
    control = (
      <Input
        id={spec.id}
        allowClear
        prefix={spec.icon === false ? undefined : <SearchOutlined className="fs-muted" />}
        placeholder={spec.placeholder}
        maxLength={INPUT_MAX_LENGTH}
        value={String(read(spec.text) ?? '')}
        onChange={(e) => write(spec.text, e.target.value)}
        onPressEnter={list.search}
      />
    );
  } else if ('select' in spec) {
    const { select: field, onPick, ...choice } = spec;
    return (
      <SelectFilter<Extract<F[keyof F], string | number>>
        {...choice}
        value={read(field) as Extract<F[keyof F], string | number> | undefined}
        onChange={(v) => (onPick ? onPick(v as F[keyof F] | undefined) : pick(field, v))}
      />
    );
  } else {
    const value = read('status');
    control = (
      <Select<string>
        id={spec.id}
        value={value === undefined ? ALL : String(value)}
        onChange={(v) => pick('status', v === '1' ? 1 : v === '0' ? 0 : undefined)}
        options={[
          { value: ALL, label: t('all') },
          { value: '1', label: spec.status.enabled },
          { value: '0', label: spec.status.disabled },
        ]}
      />
    );
  }
  return (
    <FilterField id={spec.id} label={spec.label} width={spec.width}>
      {control}
    </FilterField>
  );
}

/**
 * The fields of a list's filter bar, from their description, bound to the list's draft (applied by
 * the search button), or with `applyNow` applied as soon as they change (a bar without a search button).
 */
export function FilterFields<F extends object>({
  list,
  specs,
  applyNow = false,
}: {
  list: FilterList<F>;
  specs: FilterSpec<F>[];
  applyNow?: boolean;
}): ReactElement {
  return (
    <>
      {specs.map((spec) => (
        <FilterControl<F> key={spec.id} list={list} spec={spec} applyNow={applyNow} />
      ))}
    </>
  );
}

/** The options of a choice filter over a fixed set of values, each labelled by `label`. */
export function choices<V extends string | number>(values: readonly V[], label: (value: V) => ReactNode): { value: V; label: ReactNode }[] {
  return values.map((value) => ({ value, label: label(value) }));
}
