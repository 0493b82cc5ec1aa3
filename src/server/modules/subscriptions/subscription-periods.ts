/** One period of each paid plan, in days (Stripe bills the same: `interval: day` with this count). */
export const PERIOD_DAYS = { monthly: 30, yearly: 365 } as const;
/** After a failed renewal, access lasts this long while the card is tried again. */
export const GRACE_DAYS = 3;
