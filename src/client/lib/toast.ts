/** Spec 9: toasts last 3 s (antd's default too) and sit at the top. */
export const TOAST_DURATION = 3;

interface ToastApi {
  success(content: string, duration: number): unknown;
  error(content: string, duration: number): unknown;
}

let host: Promise<ToastApi> | null = null;

/**
 * The toast holder (theme/toast-host.tsx) is loaded and mounted with the first toast. A load that
 * failed (the connection dropped) is tried again with the next toast.
 */
function toastApi(): Promise<ToastApi> {
  host ??= import('@/client/theme/toast-host')
    .then((m) => m.mountToastHost())
    .catch((err: unknown) => {
      host = null;
      throw err;
    });
  return host;
}

function show(kind: keyof ToastApi, content: string) {
  // Sagas also run on the server while a page renders: there is nobody to show a toast to.
  if (typeof document === 'undefined') return;
  toastApi().then(
    (api) => api[kind](content, TOAST_DURATION),
    () => undefined, // the holder could not load: this toast is lost, the next one tries again
  );
}

/** The one place sagas show a toast, so tests can spy on it. */
export const toast = {
  success: (content: string) => show('success', content),
  error: (content: string) => show('error', content),
};
