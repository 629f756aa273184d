/**
 * The catalogue namespaces this feature's pages translate with: its own, and remote control's
 * (the remote feed-device pages open its code dialog). They load together with
 * a page (app/routes/pages.ts); namespaces.test.ts checks the list against the source. Kept free
 * of imports (the web benchmark reads it).
 */
export const TEXTS: readonly string[] = ['feeding', 'control'];
