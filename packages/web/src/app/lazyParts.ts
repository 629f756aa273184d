/**
 * The parts of antd the console loads on first use and that render in React roots of their own
 * (toasts, confirmations). Each records its loading here when first asked for, so whoever must
 * close them (a test file ending: test/setup.ts) waits for and closes exactly those that were
 * started, and starts none that were not.
 */
export const lazyParts: { message: Promise<unknown> | null; modal: Promise<unknown> | null } = { message: null, modal: null };
