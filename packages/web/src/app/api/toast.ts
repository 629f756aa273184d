import { message } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { TOAST } from '@farmsense/shared';

/**
 * Toasts (SPEC §9: top 100 px, 2 s, at most 5). Inside the app they go through antd's App context
 * so they follow the theme; the static API is the fallback before the App has mounted.
 */
type ToastApi = Pick<MessageInstance, 'success' | 'error' | 'warning' | 'info'>;

message.config({ top: TOAST.top, duration: TOAST.durationSeconds, maxCount: TOAST.maxCount });

let bound: ToastApi | null = null;

export function bindToasts(api: ToastApi | null): void {
  bound = api;
}

function current(): ToastApi {
  return bound ?? message;
}

export const toast = {
  success: (text: string): void => void current().success(text),
  error: (text: string): void => void current().error(text),
  warning: (text: string): void => void current().warning(text),
  info: (text: string): void => void current().info(text),
};
