/**
 * The catalogue namespaces the sign-in pages need (login, change password, not found, the
 * language switch, API error toasts and form validation). They load before the first paint; the
 * console loads every other namespace before it renders the shell (SessionGate). Kept free of
 * imports: the web benchmark (bench/web.bench.ts) reads it.
 */
export const BOOT_NAMESPACES: readonly string[] = ['common', 'auth', 'shell', 'errors', 'validation'];
