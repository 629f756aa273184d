/**
 * jsdom lacks the layout APIs antd relies on (matchMedia for responsive hooks, ResizeObserver for
 * overflow measurement); without these stubs antd components throw on mount.
 */
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

const hasDom = typeof window !== 'undefined';

if (hasDom && !window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
if (hasDom && !('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
  Object.defineProperty(globalThis, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}

// antd measures scrollbars through getComputedStyle with pseudo-elements, which jsdom does not implement.
if (hasDom) {
  const realGetComputedStyle = window.getComputedStyle.bind(window);
  window.getComputedStyle = (elt: Element): CSSStyleDeclaration => realGetComputedStyle(elt);
}

afterEach(() => {
  if (!hasDom) return;
  cleanup();
  localStorage.clear();
});
