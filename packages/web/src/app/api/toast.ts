import { TOAST } from '@farmsense/shared';

/**
 * Toasts (SPEC §9: top 100 px, 2 s, at most 5). Inside antd screens they go through antd's App
 * context (AntdProviders binds it) so they follow the theme. Without it (the sign-in page, which
 * loads no antd) a small DOM toaster shows them the same way: `.fs-toast`, role status/alert.
 */
export interface ToastApi {
  success: (text: string) => unknown;
  error: (text: string) => unknown;
  warning: (text: string) => unknown;
  info: (text: string) => unknown;
}

let bound: ToastApi | null = null;

export function bindToasts(api: ToastApi | null): void {
  bound = api;
}

type Kind = keyof ToastApi;

function showPlain(kind: Kind, text: string): void {
  if (typeof document === 'undefined') return;
  let host = document.querySelector<HTMLElement>('.fs-toasts');
  if (!host) {
    host = document.createElement('div');
    host.className = 'fs-toasts';
    host.style.top = `${TOAST.top}px`;
    document.body.append(host);
  }
  const notice = document.createElement('div');
  notice.className = `fs-toast fs-toast--${kind}`;
  notice.setAttribute('role', kind === 'error' || kind === 'warning' ? 'alert' : 'status');
  notice.textContent = text;
  host.append(notice);
  while (host.children.length > TOAST.maxCount) host.firstElementChild?.remove();
  setTimeout(() => notice.remove(), TOAST.durationSeconds * 1000);
}

function show(kind: Kind, text: string): void {
  if (bound) bound[kind](text);
  else showPlain(kind, text);
}

export const toast = {
  success: (text: string): void => show('success', text),
  error: (text: string): void => show('error', text),
  warning: (text: string): void => show('warning', text),
  info: (text: string): void => show('info', text),
};
