import type { CardInput } from '@/common/contract/payments';
import { cardInputOf, type CardFormValues } from './card-input';

/**
 * Turns the new-card part of a form into what the API takes: the typed details for the sandbox,
 * or (Stripe) a payment-method id that Stripe's own card form created in the browser, so the
 * card number never reaches our servers. The card fields component in use sets it.
 */
export type CardTokenizer = (values: CardFormValues) => Promise<CardInput>;

export const sandboxTokenizer: CardTokenizer = async (values) => cardInputOf(values);
