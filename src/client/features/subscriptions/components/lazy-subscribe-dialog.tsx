import dynamic from 'next/dynamic';
import { useOpenedOnce } from '@/client/hooks/use-opened-once';
import type { SubscribeDialogProps } from './subscribe-dialog';

// The card form, coupon and saved-card choice load when a fan first picks a paid plan: a creator's
// page and a locked stream carry only the subscribe box until then.
const SubscribeDialogChunk = dynamic(() => import('./subscribe-dialog').then((m) => m.SubscribeDialog), { ssr: false });

/** `SubscribeDialog`, its code fetched the first time a plan is chosen. */
export function LazySubscribeDialog(props: SubscribeDialogProps) {
  return useOpenedOnce(props.plan !== null) ? <SubscribeDialogChunk {...props} /> : null;
}
