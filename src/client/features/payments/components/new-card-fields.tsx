import { useEffect, type MutableRefObject } from 'react';
import { Alert, Skeleton } from 'antd';
import dynamic from 'next/dynamic';
import { useTopUpOptions } from '../use-top-up-options';
import { sandboxTokenizer, type CardTokenizer } from '../card-tokenizer';
import type { CardFormValues } from '../card-input';
import { CardFields } from './card-fields';

// Stripe.js is only loaded where a Stripe card form is shown, and never on the server.
const StripeCardFields = dynamic(() => import('./stripe-card-fields').then((m) => m.StripeCardFields), { ssr: false });

/**
 * A new card for the active gateway: the sandbox's typed fields, or Stripe's card form. The
 * parent calls `tokenizerRef.current(values)` on submit to get the API's card input.
 */
/** For a submit before the card form is ready (Stripe.js still loading or blocked). */
export async function tokenize(tokenizerRef: MutableRefObject<CardTokenizer | null>, values: CardFormValues) {
  if (!tokenizerRef.current) throw new Error('The card form has not loaded yet; check your connection and try again');
  return tokenizerRef.current(values);
}

export function NewCardFields({ withSave = false, tokenizerRef }: { withSave?: boolean; tokenizerRef: MutableRefObject<CardTokenizer | null> }) {
  const options = useTopUpOptions().data?.data;
  const stripeKey = options?.gateway === 'stripe' ? options.publishableKey : null;
  const sandbox = options?.gateway === 'sandbox';
  useEffect(() => {
    if (sandbox) tokenizerRef.current = sandboxTokenizer;
  }, [sandbox, tokenizerRef]);
  if (!options) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (sandbox) return <CardFields withSave={withSave} />;
  if (!stripeKey) return <Alert type="warning" showIcon title="Adding cards is not available right now" style={{ marginBottom: 16 }} />;
  return <StripeCardFields publishableKey={stripeKey} withSave={withSave} tokenizerRef={tokenizerRef} />;
}
