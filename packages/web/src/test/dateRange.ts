import { fireEvent, screen } from '@testing-library/react';

/** Types a range into the page's range picker (its two inputs come first) and confirms each end with Enter. */
export async function typeRange(start: string, end: string): Promise<void> {
  const inputs = screen.getAllByRole('textbox');
  fireEvent.mouseDown(inputs[0]!);
  fireEvent.focus(inputs[0]!);
  fireEvent.change(inputs[0]!, { target: { value: start } });
  fireEvent.keyDown(inputs[0]!, { key: 'Enter', code: 'Enter' });
  fireEvent.change(inputs[1]!, { target: { value: end } });
  fireEvent.keyDown(inputs[1]!, { key: 'Enter', code: 'Enter' });
}
