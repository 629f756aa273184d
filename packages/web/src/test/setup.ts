/**
 * jsdom lacks the layout APIs antd relies on (matchMedia for responsive hooks, ResizeObserver for
 * overflow measurement); without these stubs antd components throw on mount.
 */
import { afterAll, afterEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { DEFAULT_LOCALE, LOCALES } from '@farmsense/shared';
import { ALL_NAMESPACES } from '../app/i18n/catalogue';
import { i18n } from '../app/i18n/i18n';
import { lazyParts } from '../app/lazyParts';

// The browser loads catalogue files on demand; tests get them all up front, so a component
// renders its texts at once whatever language a test switches to.
await i18n.loadNamespaces([...ALL_NAMESPACES]);
await i18n.loadLanguages([...LOCALES]);
await i18n.changeLanguage(DEFAULT_LOCALE);

const hasDom = typeof window !== 'undefined';

// jsdom has no canvas: every chart renders as test/plotStub (its lines as data attributes).
vi.mock('../ui/charts/PlotCanvas', () => import('./plotStub'));

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

// jsdom's getComputedStyle resolves the cascade of every style sheet in the document, and antd's
// CSS-in-JS puts hundreds of rules there: Testing Library calls it for each element up the tree
// on every role query (is it hidden?), which made a page test spend most of its time there (a
// 7-test file took 69 s, 17 s with this). What the tests need from it is whether an element is
// hidden: by its inline style (antd hides closed popups and collapsed panels inline) or by antd's
// `*-hidden` classes (a closed select dropdown); layout values jsdom does not compute anyway. So
// the style answered is the element's inline style, with `display: none` for those classes.
// (It also takes no pseudo-element argument, which jsdom does not implement and antd passes when
// measuring scrollbars.)
if (hasDom) {
  const ANTD_HIDDEN = /(?:^|\s)ant-[\w-]+-hidden(?:\s|$)/;
  window.getComputedStyle = (elt: Element): CSSStyleDeclaration => {
    const inline = (elt as HTMLElement).style ?? document.createElement('div').style;
    if (typeof elt.className !== 'string' || !ANTD_HIDDEN.test(elt.className)) return inline;
    const hidden = document.createElement('div').style;
    hidden.cssText = inline.cssText;
    hidden.display = 'none';
    return hidden;
  };
}

afterEach(() => {
  if (!hasDom) return;
  cleanup();
  localStorage.clear();
});

// Toasts (antd's static message, loaded with the first one) and confirmations (Modal.confirm,
// loaded when first asked for) render in React roots of their own, outside the tree cleanup()
// unmounts, and live on timers (a toast stays 2 s). Left alone they would finish after the test
// file ended and the window was gone ("window is not defined" from React's scheduler, or a lazy
// import landing after teardown). Before each file ends: finish the imports the file started
// (app/lazyParts records them), close everything they show, and let React finish while the window
// still exists. A file that showed neither starts nothing here: loading them only to close them
// scheduled React work of its own, which outlived the file under load.
afterAll(async () => {
  if (!hasDom || (!lazyParts.message && !lazyParts.modal)) return;
  if (lazyParts.message) {
    await lazyParts.message;
    const { default: message } = await import('antd/es/message');
    message.destroy();
  }
  if (lazyParts.modal) {
    const { default: Modal } = (await lazyParts.modal) as typeof import('antd/es/modal');
    Modal.destroyAll();
  }
  await new Promise((r) => setTimeout(r, 100));
});
