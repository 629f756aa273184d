/**
 * One-shot marks kept in sessionStorage (per browser tab, gone when it closes): they carry a
 * message across the logout reload and remember that the safe-code prompt was already shown.
 */
export const FLASH_KEY = 'farmsense.flash';
export const SAFE_CODE_PROMPTED_KEY = 'farmsense.safeCodePrompted';

export function setFlash(value: string): void {
  sessionStorage.setItem(FLASH_KEY, value);
}

/** Reads and clears the message left by the previous page. */
export function takeFlash(): string | null {
  const v = sessionStorage.getItem(FLASH_KEY);
  if (v) sessionStorage.removeItem(FLASH_KEY);
  return v;
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
