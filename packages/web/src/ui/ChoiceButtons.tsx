import type { ReactElement } from 'react';
import { Radio, type RadioGroupProps } from 'antd';

export type ChoiceButtonsProps = Omit<RadioGroupProps, 'optionType' | 'buttonStyle'> & {
  /** The taller buttons of a dialog's or bar's leading choice (a farm's type, an account's kind, current or closed flocks). */
  big?: boolean;
};

/**
 * A choice among a few values side by side as solid buttons (a type, a state, a mode): the one
 * look of the console's button choices. A form item's value and onChange pass through.
 */
export function ChoiceButtons({ big = false, className, ...group }: ChoiceButtonsProps): ReactElement {
  const classes = [big ? 'fs-big-radios' : undefined, className].filter(Boolean).join(' ');
  return <Radio.Group optionType="button" buttonStyle="solid" className={classes || undefined} {...group} />;
}
