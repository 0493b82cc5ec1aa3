import type { Gallery } from '@/common/contract/galleries';
import { pickThumbnail } from '@/common/lib/thumbnail';
import { formatTokens } from '@/client/lib/format-amount';
import { formatDate } from '@/client/lib/format-date';

/** The gallery's picture in spec 3's order (its cover counts as the item's own thumbnail); blurred when locked. */
export const galleryPicture = (gallery: Pick<Gallery, 'cover'>) => pickThumbnail({ thumbnail: gallery.cover });

/** "Free", "Subscribers" or the price. */
export function accessLabel(gallery: Pick<Gallery, 'access' | 'price'>): string {
  if (gallery.access === 'sale') return formatTokens(gallery.price);
  return gallery.access === 'subscribers' ? 'Subscribers' : 'Free';
}

/** Draft, scheduled (with its time) or published: for the creator's own lists. */
export function statusLabel(gallery: Pick<Gallery, 'status' | 'isScheduled' | 'publishAt'>): { text: string; color: string } {
  if (gallery.status === 'draft') return { text: 'Draft', color: 'default' };
  if (gallery.isScheduled) {
    const at = formatDate(gallery.publishAt, { withTime: true });
    return { text: `Scheduled ${at}`, color: 'gold' };
  }
  return { text: 'Published', color: 'green' };
}

export const photoCount = (n: number) => `${n} ${n === 1 ? 'photo' : 'photos'}`;
