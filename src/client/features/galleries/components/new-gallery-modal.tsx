import { Modal } from 'antd';
import type { Gallery } from '@/common/contract/galleries';
import { createGallery } from '../galleries.api';
import { GalleryForm } from './gallery-form';

export interface NewGalleryModalProps {
  open: boolean;
  onClose: () => void;
  onCreated: (gallery: Gallery) => void;
}

/** "New gallery": the gallery form in a dialog (my-galleries-page.tsx loads it when first opened). */
export function NewGalleryModal({ open, onClose, onCreated }: NewGalleryModalProps) {
  return (
    <Modal title="New gallery" open={open} onCancel={onClose} footer={null} destroyOnHidden>
      <GalleryForm
        submitText="Create and add photos"
        onSubmit={async (payload) => (await createGallery(payload)).data}
        onSaved={onCreated}
      />
    </Modal>
  );
}
