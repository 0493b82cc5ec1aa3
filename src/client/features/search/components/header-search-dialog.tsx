import type { ReactNode } from 'react';
import { Modal } from 'antd';
import { AntdScope } from '@/client/theme/antd-scope';

interface Props {
  open: boolean;
  onClose: () => void;
  /** Called once the dialog is shown: it takes focus as it opens, the search box then gets it. */
  onOpened: () => void;
  children: ReactNode;
}

/** The phone's search dialog (HeaderSearch's icon): a chunk of its own, in its own antd scope. */
export function HeaderSearchDialog({ open, onClose, onOpened, children }: Props) {
  return (
    <AntdScope>
      <Modal title="Search" open={open} onCancel={onClose} footer={null} destroyOnHidden style={{ top: 72 }} afterOpenChange={(visible) => { if (visible) onOpened(); }}>
        {children}
      </Modal>
    </AntdScope>
  );
}
