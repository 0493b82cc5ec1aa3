import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP stand-in for the Stripe endpoints the gateway uses, so the real `stripe` SDK runs
 * against it (pointed by host and port through STRIPE_API_URL). It answers in Stripe's shapes,
 * honours `Idempotency-Key` like Stripe (a repeat gets the first answer), and keeps what it was
 * sent so tests can check what reached "Stripe".
 *
 * Payment methods are Stripe's test ids: `pm_card_visa` succeeds, `pm_card_chargeDeclined` and
 * `pm_card_chargeDeclinedInsufficientFunds` are declined. `pm_standin_processing` (the stand-in's
 * own) leaves a charge `processing`, to be settled later with `settleIntent` (a webhook's job).
 */
export interface StandInRequest {
  method: string;
  path: string;
  body: Record<string, unknown>;
  idempotencyKey: string | null;
}

type Obj = Record<string, unknown>;

const CARDS: Record<string, { brand: string; last4: string; outcome: 'ok' | 'decline' | 'funds' | 'processing' }> = {
  pm_card_visa: { brand: 'visa', last4: '4242', outcome: 'ok' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', outcome: 'ok' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', outcome: 'decline' },
  pm_card_chargeDeclinedInsufficientFunds: { brand: 'visa', last4: '9995', outcome: 'funds' },
  pm_standin_processing: { brand: 'visa', last4: '3220', outcome: 'processing' },
};

/** Stripe's form encoding (`a[b][0][c]=1`) back into objects and arrays. */
export function parseForm(text: string): Obj {
  const root: Obj = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const keys = rawKey.replace(/\]/g, '').split('[');
    let node: Obj = root;
    keys.forEach((key, i) => {
      if (i === keys.length - 1) node[key] = value;
      else node = (node[key] ??= /^\d+$/.test(keys[i + 1]!) ? [] : {}) as Obj;
    });
  }
  return root;
}

const id = (prefix: string) => `${prefix}_${crypto.randomBytes(8).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

export class StripeStandIn {
  readonly requests: StandInRequest[] = [];
  readonly intents = new Map<string, Obj>();
  readonly subscriptions = new Map<string, Obj>();
  readonly transfers = new Map<string, Obj>();
  readonly accounts = new Map<string, Obj>();
  readonly refunds = new Map<string, Obj>();
  /** Set to make every refund fail with this message (as Stripe answers an invalid request). */
  refuseRefunds: string | null = null;
  private readonly products = new Map<string, Obj>();
  private readonly methods = new Map<string, Obj>();
  private readonly replies = new Map<string, { status: number; body: Obj }>();
  private server: http.Server | null = null;
  url = '';

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => {
      let text = '';
      req.on('data', (chunk: Buffer) => { text += chunk.toString('utf8'); });
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://stand-in');
        const body = req.method === 'GET' ? Object.fromEntries(url.searchParams) : parseForm(text);
        const key = (req.headers['idempotency-key'] as string | undefined) ?? null;
        this.requests.push({ method: req.method ?? 'GET', path: url.pathname, body, idempotencyKey: key });
        const replayKey = key && req.method === 'POST' ? `${url.pathname}:${key}` : null;
        const reply = (replayKey && this.replies.get(replayKey)) || this.route(req.method ?? 'GET', url.pathname, body);
        if (replayKey) this.replies.set(replayKey, reply);
        res.writeHead(reply.status, { 'content-type': 'application/json', 'request-id': id('req') });
        res.end(JSON.stringify(reply.body));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  /** What a background settlement does at Stripe: the intent moves on (then a webhook tells us). */
  settleIntent(intentId: string, status: 'succeeded' | 'requires_payment_method'): Obj {
    const intent = this.intents.get(intentId)!;
    intent.status = status;
    if (status !== 'succeeded') intent.last_payment_error = { message: 'Your card was declined.', code: 'card_declined' };
    return intent;
  }

  private route(method: string, path: string, body: Obj): { status: number; body: Obj } {
    const ok = (o: Obj) => ({ status: 200, body: o });
    const missing = (what: string) => ({
      status: 404,
      body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } },
    });
    const m = (re: RegExp) => re.exec(path);
    let r: RegExpExecArray | null;

    if (method === 'POST' && path === '/v1/customers') {
      return ok({ id: id('cus'), object: 'customer', email: body.email ?? null, name: body.name ?? null, metadata: body.metadata ?? {} });
    }
    if (method === 'POST' && (r = m(/^\/v1\/payment_methods\/([^/]+)\/attach$/))) {
      // Like Stripe's test tokens, attaching `pm_card_visa` makes a new payment method each time.
      const card = CARDS[r[1]!];
      if (!card) return missing(`PaymentMethod: '${r[1]}'`);
      const pm = { id: id('pm'), object: 'payment_method', type: 'card', customer: body.customer, card: { brand: card.brand, last4: card.last4, exp_month: 12, exp_year: new Date().getUTCFullYear() + 3 } };
      this.methods.set(pm.id, { ...pm, outcome: card.outcome });
      return ok(pm);
    }
    if (method === 'POST' && (r = m(/^\/v1\/payment_methods\/([^/]+)\/detach$/))) {
      const pm = this.methods.get(r[1]!);
      if (!pm) return missing(`PaymentMethod: '${r[1]}'`);
      this.methods.delete(r[1]!);
      const { outcome: _outcome, ...shown } = pm;
      return ok({ ...shown, customer: null });
    }
    if (method === 'POST' && path === '/v1/payment_intents') return this.createIntent(body);
    if (method === 'GET' && (r = m(/^\/v1\/payment_intents\/([^/]+)$/))) {
      const intent = this.intents.get(r[1]!);
      return intent ? ok(intent) : missing(`payment_intent: '${r[1]}'`);
    }
    if (method === 'GET' && (r = m(/^\/v1\/products\/([^/]+)$/))) {
      const product = this.products.get(r[1]!);
      return product ? ok(product) : missing(`product: '${r[1]}'`);
    }
    if (method === 'POST' && path === '/v1/products') {
      const product = { id: body.id ?? id('prod'), object: 'product', name: body.name };
      this.products.set(product.id as string, product);
      return ok(product);
    }
    if (method === 'POST' && path === '/v1/subscriptions') {
      const sub = {
        id: id('sub'), object: 'subscription', status: 'trialing', customer: body.customer, default_payment_method: body.default_payment_method,
        trial_end: Number(body.trial_end), cancel_at_period_end: false, metadata: body.metadata ?? {}, items: { object: 'list', data: body.items },
      };
      this.subscriptions.set(sub.id, sub);
      return ok(sub);
    }
    if (method === 'POST' && (r = m(/^\/v1\/subscriptions\/([^/]+)$/))) {
      const sub = this.subscriptions.get(r[1]!);
      if (!sub) return missing(`subscription: '${r[1]}'`);
      if (body.cancel_at_period_end !== undefined) sub.cancel_at_period_end = body.cancel_at_period_end === 'true';
      return ok(sub);
    }
    if (method === 'POST' && path === '/v1/refunds') return this.createRefund(body);
    if (method === 'POST' && path === '/v1/accounts') {
      const account = {
        id: id('acct'), object: 'account', type: body.type, email: body.email ?? null, metadata: body.metadata ?? {},
        charges_enabled: false, payouts_enabled: false, requirements: { disabled_reason: 'requirements.past_due' },
      };
      this.accounts.set(account.id, account);
      return ok(account);
    }
    if (method === 'POST' && path === '/v1/account_links') {
      return ok({ object: 'account_link', url: `https://connect.stripe.test/setup/${String(body.account)}`, expires_at: now() + 300 });
    }
    if (method === 'POST' && path === '/v1/transfers') {
      const transfer = { id: id('tr'), object: 'transfer', amount: Number(body.amount), currency: body.currency, destination: body.destination };
      this.transfers.set(transfer.id, transfer);
      return ok(transfer);
    }
    return { status: 404, body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } } };
  }

  /** Like Stripe: a refund of a succeeded intent, never more than what is left of it. */
  private createRefund(body: Obj): { status: number; body: Obj } {
    const invalid = (message: string, status = 400) => ({ status, body: { error: { type: 'invalid_request_error', message } } });
    if (this.refuseRefunds) return invalid(this.refuseRefunds);
    const intent = this.intents.get(String(body.payment_intent));
    if (!intent) return invalid(`No such payment_intent: '${String(body.payment_intent)}'`, 404);
    if (intent.status !== 'succeeded') return invalid(`This PaymentIntent (${String(intent.id)}) does not have a successful charge to refund.`);
    const left = Number(intent.amount) - Number(intent.amount_refunded ?? 0);
    if (left <= 0) return invalid(`Charge for ${String(intent.id)} has already been refunded.`);
    const amount = body.amount === undefined ? left : Number(body.amount);
    if (amount > left) return invalid(`Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`);
    intent.amount_refunded = Number(intent.amount_refunded ?? 0) + amount;
    const refund = {
      id: id('re'), object: 'refund', amount, currency: intent.currency, payment_intent: intent.id, status: 'succeeded',
      reason: body.reason ?? null, metadata: body.metadata ?? {}, failure_reason: null,
    };
    this.refunds.set(refund.id, refund);
    return { status: 200, body: refund };
  }

  private createIntent(body: Obj): { status: number; body: Obj } {
    const method = this.methods.get(String(body.payment_method));
    const card = method ? { outcome: method.outcome as string } : CARDS[String(body.payment_method)];
    const intent: Obj = {
      id: id('pi'), object: 'payment_intent', amount: Number(body.amount), currency: body.currency, customer: body.customer,
      payment_method: body.payment_method, description: body.description ?? null, metadata: body.metadata ?? {}, last_payment_error: null,
      status: card?.outcome === 'processing' ? 'processing' : 'succeeded',
    };
    this.intents.set(intent.id as string, intent);
    if (!card || card.outcome === 'decline' || card.outcome === 'funds') {
      const message = card?.outcome === 'funds' ? 'Your card has insufficient funds.' : 'Your card was declined.';
      intent.status = 'requires_payment_method';
      intent.last_payment_error = { message, code: 'card_declined' };
      return { status: 402, body: { error: { type: 'card_error', code: 'card_declined', message, payment_intent: intent } } };
    }
    return { status: 200, body: intent };
  }
}
