import dynamic from 'next/dynamic';
import { useOpenedOnce } from '@/client/hooks/use-opened-once';
import type { AddressModalProps } from './address-form';

// The address form (Form, its validators, the country select) loads when a fan first adds or edits
// an address: a product's page and the addresses list carry only their buttons until then.
const AddressModalChunk = dynamic(() => import('./address-form').then((m) => m.AddressModal), { ssr: false });

/** `AddressModal`, its code fetched the first time it opens. */
export function LazyAddressModal(props: AddressModalProps) {
  return useOpenedOnce(props.open) ? <AddressModalChunk {...props} /> : null;
}
