import { useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { message } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { AntdScope } from './antd-scope';

/**
 * Toasts at the top for 3 seconds (spec 9), below the sticky 64 px header so they never cover its
 * controls, at most three at a time.
 */
const MESSAGE_CONFIG = { top: 72, duration: 3, maxCount: 3 };

function ToastHost({ onReady }: { onReady: (api: MessageInstance) => void }) {
  const [api, holder] = message.useMessage(MESSAGE_CONFIG);
  useEffect(() => onReady(api), [api, onReady]);
  return <AntdScope>{holder}</AntdScope>;
}

/**
 * Mounts the toast holder in a React root of its own at the end of <body>, themed like the page,
 * and resolves with its API once it is in place. lib/toast.ts loads this module with the first
 * toast, so a page that never shows one never downloads antd's message for it.
 */
export function mountToastHost(): Promise<MessageInstance> {
  return new Promise((resolve) => {
    const element = document.createElement('div');
    element.dataset.toastHost = '';
    document.body.appendChild(element);
    createRoot(element).render(<ToastHost onReady={resolve} />);
  });
}
