/**
 * The catalogue namespaces this feature's pages translate with: its own. They load together with
 * a page (app/routes/pages.ts); namespaces.test.ts checks the list against the source. Kept free
 * of imports (the web benchmark reads it).
 */
export const TEXTS: readonly string[] = ['feeding'];
/** The remote feed-device pages also open remote control's code dialog, which translates with `control`. */
export const REMOTE_TEXTS: readonly string[] = ['feeding', 'control'];
