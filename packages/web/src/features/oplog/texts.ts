/**
 * The catalogue namespaces this feature's pages translate with: its own and those of the features
 * it imports from. They load together with a page (app/routes/pages.ts); namespaces.test.ts checks
 * the list against the source. Kept free of imports (the web benchmark reads it). The operation
 * log phrases remote-control, device and feeding changes with those features' texts.
 */
export const TEXTS: readonly string[] = ['oplog', 'tenants', 'control', 'devices', 'feeding'];
