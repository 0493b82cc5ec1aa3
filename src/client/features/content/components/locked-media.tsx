import type { AccessLevel } from '@/common/contract/content';
import { FALLBACK_THUMBNAIL } from '@/common/lib/thumbnail';
import { UnlockPrompt } from './unlock-prompt';
import styles from './locked-media.module.css';

export interface LockedMediaProps {
  /** The blurred preview (or any picture the viewer may see). */
  preview: string | null;
  access: AccessLevel;
  price: number;
  performerHref: string;
  compact?: boolean;
  label?: string;
}

/** A locked item: its blurred preview under the unlock call to action. */
export function LockedMedia({ preview, access, price, performerHref, compact, label = 'Locked content' }: LockedMediaProps) {
  return (
    <div className={styles.frame} role="group" aria-label={label}>
      <img src={preview || FALLBACK_THUMBNAIL} alt="" />
      <div className={styles.overlay}>
        <UnlockPrompt access={access} price={price} performerHref={performerHref} compact={compact} />
      </div>
    </div>
  );
}
