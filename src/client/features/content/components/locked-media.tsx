import type { AccessLevel } from '@/common/contract/content';
import { FALLBACK_THUMBNAIL } from '@/common/lib/thumbnail';
import { UnlockPrompt, type UnlockPromptProps } from './unlock-prompt';
import styles from './locked-media.module.css';

export interface LockedMediaProps {
  /** The blurred preview (or any picture the viewer may see). */
  preview: string | null;
  access: AccessLevel;
  price: number;
  performerHref: string;
  compact?: boolean;
  label?: string;
  /** Passed to UnlockPrompt: what to buy, and what to do once bought. */
  item?: UnlockPromptProps['item'];
  onUnlocked?: () => void;
}

/** A locked item: its blurred preview under the unlock call to action. */
export function LockedMedia({ preview, access, price, performerHref, compact, label = 'Locked content', item, onUnlocked }: LockedMediaProps) {
  return (
    <div className={styles.frame} role="group" aria-label={label}>
      <img src={preview || FALLBACK_THUMBNAIL} alt="" />
      <div className={styles.overlay}>
        <UnlockPrompt access={access} price={price} performerHref={performerHref} compact={compact} item={item} onUnlocked={onUnlocked} />
      </div>
    </div>
  );
}
