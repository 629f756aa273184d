import { fireEvent, screen } from '@testing-library/react';
import { expect } from 'vitest';

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

/** A list query of the default range: from `days` days ago (within a minute), open-ended. */
export function expectLastDays(query: Record<string, string>, days: number): void {
  expect(Math.abs(Date.now() - days * 86_400_000 - Number(query.startTime))).toBeLessThan(60_000);
  expect(query).not.toHaveProperty('endTime');
}
