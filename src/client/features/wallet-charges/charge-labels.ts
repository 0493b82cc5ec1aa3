import type { ChargeType } from '@/common/contract/wallet-charges';

export const CHARGE_TYPE_LABELS: Record<ChargeType, string> = {
  tip: 'Tip',
  feed: 'Post',
  video: 'Video',
  gallery: 'Gallery',
  product: 'Product',
  message: 'Message',
  stream: 'Live stream',
  subscription: 'Subscription',
};
