/**
 * Which catalogue namespaces load when. Kept free of imports: the web benchmark
 * (bench/web.bench.ts) reads it.
 *
 * BOOT: what the sign-in pages need (login, change password, not found, the language menu, API
 * error toasts, form validation); loaded before the first paint.
 */
export const BOOT_NAMESPACES: readonly string[] = ['common', 'auth', 'shell', 'errors', 'validation'];

/** What the console's shell translates with (menu labels, enum labels), on top of BOOT. */
export const SHELL_NAMESPACES: readonly string[] = [...BOOT_NAMESPACES, 'menu', 'enums'];

/*
 * Per feature folder, the namespaces its pages translate with (its own and those of the features
 * it imports from) are `TEXTS` in `features/<m>/texts.ts`; namespaces.test.ts checks them against
 * the features' source.
 */
