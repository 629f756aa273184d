import { useId, type ReactElement, type ReactNode } from 'react';
import { Select, type SelectProps } from 'antd';
import { tk } from '../app/i18n/i18n';

/**
 * A multiple choice with a cap (the SPEC §9 limit of six sheds or flocks for a comparison). At
 * the cap the other options are greyed out and the rule is said under the field, rather than a
 * seventh pick being dropped silently; below it the note says how many are chosen.
 */
export interface CappedOption {
  value: number;
  label: string;
}
export type CappedOptions<O extends CappedOption> = readonly (O | { label: string; options: readonly O[] })[];

export function CappedMultiSelect<O extends CappedOption>({
  id,
  options,
  value,
  onChange,
  loading,
  max,
  placeholder,
  countNote,
  optionRender,
}: {
  id: string;
  /** Flat, or in labelled groups. */
  options: CappedOptions<O>;
  value: readonly number[];
  onChange: (ids: number[]) => void;
  loading?: boolean;
  max: number;
  placeholder: string;
  /** Below the cap: how many of `max` are chosen. */
  countNote: string;
  optionRender?: SelectProps<number[], O>['optionRender'];
}): ReactElement {
  const noteId = useId();
  const full = value.length >= max;
  const lock = (o: O): O & { disabled: boolean } => ({ ...o, disabled: full && !value.includes(o.value) });
  const shown = options.map((o) => ('options' in o ? { label: o.label, options: o.options.map(lock) } : lock(o)));
  const note: ReactNode = full ? tk('validation.selectAtMost', { count: max }) : countNote;
  return (
    <div className="fs-shed-picker">
      <Select<number[]>
        id={id}
        mode="multiple"
        value={[...value]}
        loading={loading}
        maxCount={max}
        maxTagCount="responsive"
        allowClear={false}
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={placeholder}
        aria-describedby={noteId}
        status={value.length === 0 ? 'warning' : undefined}
        onChange={(ids) => {
          // maxCount already stops a pick over the cap in the list; this also covers keyboard and paste.
          if (ids.length > max) return;
          onChange(ids);
        }}
        options={shown}
        optionRender={optionRender as SelectProps<number[]>['optionRender']}
        popupMatchSelectWidth={false}
        className="fs-shed-picker__select"
      />
      <div id={noteId} className={`fs-shed-picker__note${full ? ' fs-shed-picker__note--full' : ''}`} role={full ? 'status' : undefined}>
        {note}
      </div>
    </div>
  );
}
