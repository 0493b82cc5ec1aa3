import { useEffect, useMemo, type MutableRefObject } from 'react';
import { Checkbox, Form, Input } from 'antd';
import { loadStripe } from '@stripe/stripe-js';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { CardTokenizer } from '../card-tokenizer';


/** Stripe's card field (Elements) plus the name and "save"; registers how to turn it into a payment method. */
function Fields({ withSave, tokenizerRef }: { withSave: boolean; tokenizerRef: MutableRefObject<CardTokenizer | null> }) {
  const stripe = useStripe();
  const elements = useElements();
  useEffect(() => {
    tokenizerRef.current = async (values) => {
      const card = elements?.getElement(CardElement);
      if (!stripe || !card) throw new Error('The card form has not loaded yet; check your connection and try again');
      const { paymentMethod, error } = await stripe.createPaymentMethod({ type: 'card', card, billing_details: { name: values.holderName.trim() } });
      if (error || !paymentMethod) throw new Error(error?.message ?? 'The card could not be used');
      return { paymentMethodId: paymentMethod.id, holderName: values.holderName.trim() };
    };
    return () => {
      tokenizerRef.current = null;
    };
  }, [stripe, elements, tokenizerRef]);
  return (
    <>
      <Form.Item label="Card" required>
        <div className="stripe-card-field" data-testid="stripe-card">
          <CardElement options={{ hidePostalCode: true }} />
        </div>
      </Form.Item>
      <Form.Item label="Name on card" name="holderName" rules={[{ required: true, whitespace: true, message: 'Enter the name on the card' }]}>
        <Input autoComplete="cc-name" maxLength={100} />
      </Form.Item>
      {withSave && (
        <Form.Item name="save" valuePropName="checked">
          <Checkbox>Save this card</Checkbox>
        </Form.Item>
      )}
    </>
  );
}

/** The new-card inputs when Stripe is the gateway: Stripe.js is loaded once per publishable key. */
export function StripeCardFields({ publishableKey, withSave = false, tokenizerRef }: {
  publishableKey: string;
  withSave?: boolean;
  tokenizerRef: MutableRefObject<CardTokenizer | null>;
}) {
  const stripe = useMemo(() => loadStripe(publishableKey), [publishableKey]);
  return (
    <Elements stripe={stripe}>
      <Fields withSave={withSave} tokenizerRef={tokenizerRef} />
    </Elements>
  );
}
