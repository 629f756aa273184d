/**
 * The catalogue namespaces this feature's pages translate with (app/routes/pages.ts loads them
 * with a page; namespaces.test.ts checks the list against the source). Kept free of imports.
 */
export const TEXTS: readonly string[] = ['silos'];
