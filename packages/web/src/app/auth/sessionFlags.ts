/**
 * One-shot marks kept in sessionStorage (per browser tab, gone when it closes): they carry a
 * message across the logout reload and remember that the safe-code prompt was already shown.
 */
export const FLASH_KEY = 'farmsense.flash';
export const SAFE_CODE_PROMPTED_KEY = 'farmsense.safeCodePrompted';

/**
 * This page load. A message is for the next load, never for the page that left it: logging out
 * clears the session, so the console may already show the sign-in page in the old document while
 * the reload is on its way, and the message must survive until the new one shows it.
 */
const THIS_LOAD = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

export function setFlash(value: string): void {
  sessionStorage.setItem(FLASH_KEY, JSON.stringify({ value, from: THIS_LOAD }));
}

/** Reads and clears the message left by the previous page load (null on the load that left it). */
export function takeFlash(): string | null {
  const raw = sessionStorage.getItem(FLASH_KEY);
  if (!raw) return null;
  let flash: { value?: unknown; from?: unknown } = {};
  try {
    flash = JSON.parse(raw) as { value?: unknown; from?: unknown };
  } catch {
    // Not ours (or from an older build): dropped.
  }
  if (flash.from === THIS_LOAD) return null;
  sessionStorage.removeItem(FLASH_KEY);
  return typeof flash.value === 'string' ? flash.value : null;
}

/** Whether the safe-code prompt was already shown in this signed-in tab session. */
export function safeCodePromptSeen(): boolean {
  return sessionStorage.getItem(SAFE_CODE_PROMPTED_KEY) !== null;
}

export function markSafeCodePrompted(): void {
  sessionStorage.setItem(SAFE_CODE_PROMPTED_KEY, '1');
}

export function resetSafeCodePrompt(): void {
  sessionStorage.removeItem(SAFE_CODE_PROMPTED_KEY);
}
