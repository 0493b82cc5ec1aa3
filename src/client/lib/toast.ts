import { message } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';

type ToastApi = Pick<MessageInstance, 'success' | 'error'>;

/** Spec 9: toasts last 3 s (antd's default too) and sit at the top. */
export const TOAST_DURATION = 3;

// The static antd API by default; the app shell may hand over App.useApp().message so toasts
// follow the theme of the ConfigProvider.
let api: ToastApi = message;

export function setToastApi(next: ToastApi): void {
  api = next;
}

/** The one place sagas show a toast, so tests can spy on it. */
export const toast = {
  success: (content: string) => {
    void api.success(content, TOAST_DURATION);
  },
  error: (content: string) => {
    void api.error(content, TOAST_DURATION);
  },
};
