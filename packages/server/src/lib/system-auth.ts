/**
 * A tenant's system authorization window (SPEC §6): how long and for which accounts the tenant may
 * use the platform. Read by sign-in, the API access codes and the tenant limits.
 */
export interface SystemAuthWindow {
  validYears: number | null;
  validStart: Date | null;
  validEnd: Date | null;
  allowAccounts: number[] | null;
}

/** The moment `years` calendar years after `start` (29 February lands on 1 March). */
export function addYears(start: Date, years: number): Date {
  const d = new Date(start.getTime());
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return d;
}

/**
 * Whether an account of the tenant may sign in under its system authorization (SPEC §6: an
 * expired tenant and its sub-accounts cannot log in). No row or empty fields mean permanent.
 */
export function withinSystemAuth(auth: SystemAuthWindow | null, tenantCreatedAt: Date, accountId: number, now: Date): boolean {
  if (!auth) return true;
  const t = now.getTime();
  if (auth.validEnd && auth.validEnd.getTime() < t) return false;
  if (auth.validStart && auth.validStart.getTime() > t) return false;
  if (auth.validYears !== null && addYears(auth.validStart ?? tenantCreatedAt, auth.validYears).getTime() < t) return false;
  if (auth.allowAccounts && !auth.allowAccounts.includes(accountId)) return false;
  return true;
}
