import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ClippedText } from './ClippedText';

/** jsdom lays nothing out: the test says how wide the text is and how wide its cell. */
function sized(el: HTMLElement, scrollWidth: number, clientWidth: number): void {
  Object.defineProperty(el, 'scrollWidth', { configurable: true, value: scrollWidth });
  Object.defineProperty(el, 'clientWidth', { configurable: true, value: clientWidth });
}

afterEach(() => document.body.replaceChildren());

describe('ClippedText', () => {
  it('shows the whole text on hover when the cell cut it, and hides it on leaving', async () => {
    render(<ClippedText text="Changed the heater settings of house 3: stage 2 from 18.5 to 19 °C" testId="cell" />);
    const cell = screen.getByTestId('cell');
    sized(cell, 480, 320);
    fireEvent.mouseEnter(cell);
    expect((await screen.findByRole('tooltip')).textContent).toContain('stage 2 from 18.5 to 19 °C');
    fireEvent.mouseLeave(cell);
    await waitFor(() => expect(document.querySelector('.ant-tooltip:not(.ant-tooltip-hidden)')).toBeNull());
  });

  it('shows no tooltip when the text fits', () => {
    render(<ClippedText text="House 3" testId="cell" />);
    const cell = screen.getByTestId('cell');
    sized(cell, 60, 320);
    fireEvent.mouseEnter(cell);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('draws a strong or grey line with the cell classes', () => {
    render(
      <>
        <ClippedText text="Broiler 1" strong className="fs-mono-strong" testId="main" />
        <ClippedText text="Farm A" tone="secondary" className="fs-cell-sub" testId="sub" />
      </>,
    );
    expect([...screen.getByTestId('main').classList]).toEqual(['fs-clip', 'fs-strong', 'fs-mono-strong']);
    expect([...screen.getByTestId('sub').classList]).toEqual(['fs-clip', 'fs-muted', 'fs-cell-sub']);
  });
});
