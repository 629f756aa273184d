import { afterEach } from 'vitest';

const realWidth = window.innerWidth;

/** Makes the window `width` px wide, as a phone or a desk screen (the screen band follows the resize). */
export function setWidth(width: number): void {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
  window.dispatchEvent(new Event('resize'));
}

/** Every test of the file ends with the window at its real width again. */
export function realWidthAfterEach(): void {
  afterEach(() => setWidth(realWidth));
}
