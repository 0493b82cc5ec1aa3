import { useEffect } from 'react';
import { App } from 'antd';
import { setToastApi } from '@/client/lib/toast';

/**
 * Hands antd's App message instance to lib/toast, so toasts raised from sagas (outside React)
 * use the theme and the top/3 s configuration of <App message>. Renders nothing.
 */
export function ToastBridge() {
  const { message } = App.useApp();
  useEffect(() => {
    setToastApi(message);
  }, [message]);
  return null;
}
