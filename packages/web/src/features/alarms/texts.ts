/**
 * The catalogue namespaces this feature's pages translate with: its own and those of the features
 * it imports from (environment, with its own: sensor names and durations) and control (setting group names). They load together with a page
 * (app/routes/pages.ts); namespaces.test.ts checks the list against the source. Kept free of
 * imports (the web benchmark reads it).
 */
export const TEXTS: readonly string[] = ['alarms', 'environment', 'records', 'control'];

/** The bell's texts: the shell's own (`shell:alarmBell.*`), so it adds no catalogue to every page. */
export const BELL_TEXTS: readonly string[] = [];
