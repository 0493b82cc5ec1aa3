import type { FastifyInstance } from 'fastify';
import type { CardInput, TopUpBody } from '../../../common/contract/payments';
import { notFound } from '../../lib/http-error';
import type { AuthUser } from '../auth/token.service';
import type { Executor } from '../../db/client';
import type { PaymentGateway, SavedCard } from './payment-gateway';
import { answersSegment } from './gateway-registry';
import { cardsRepository, gatewayCustomersRepository } from './payments.repository';
import { payoutAccountsRepository } from './payout-accounts.repository';
import { cardDto, payoutAccountDto } from './payment.dto';
import { cardSourceOf } from './card-rules';
import { isUuid } from '../../shared/ids';

export const CARD_NOT_FOUND = 'Card not found';

export interface PaymentMethod {
  customerId: string;
  paymentMethodId: string;
  /** The saved card's id for the payment row (storing a new card to keep), or null. */
  keep(tx: Executor): Promise<string | null>;
}

/** Saved cards, gateway customers and creators' payout accounts at the active gateway. */
export function createCardsService(app: FastifyInstance, gateway: PaymentGateway) {
  const gatewayUser = (user: AuthUser) => ({ id: user.id, email: user.email ?? null, name: user.name ?? null });

  async function ensureCustomer(user: AuthUser): Promise<string> {
    const existing = await gatewayCustomersRepository.find(app.db, user.id, gateway.name);
    if (existing) return existing;
    return gatewayCustomersRepository.insert(app.db, user.id, gateway.name, await gateway.createCustomer(gatewayUser(user)));
  }

  /** `/{gateway}/...` routes answer only for the spec's gateway name (or the active one's own). */
  function assertActive(segment: string): void {
    if (!answersSegment(gateway, segment)) throw notFound(`Unknown payment gateway "${segment}"`);
  }

  async function saveCard(user: AuthUser, customerId: string, card: CardInput, db: Executor = app.db) {
    return cardRow(db, user, await gateway.saveCard(customerId, cardSourceOf(card)), card.holderName);
  }

  function cardRow(db: Executor, user: AuthUser, saved: SavedCard, holderName: string) {
    return cardsRepository.insert(db, {
      userId: user.id,
      gateway: gateway.name,
      gatewayPaymentMethodId: saved.paymentMethodId,
      brand: saved.brand,
      last4: saved.last4,
      expMonth: saved.expMonth,
      expYear: saved.expYear,
      holderName: holderName.trim(),
    });
  }

  return {
    ensureCustomer,
    assertActive,

    /**
     * The card a payment is charged to: a saved card of mine, or a new one. A new card to keep
     * (`save`) is stored by `keep(tx)` inside the payment's transaction, so a payment refused
     * there leaves no card behind.
     */
    async methodFor(user: AuthUser, body: Pick<TopUpBody, 'cardId' | 'card'>): Promise<PaymentMethod> {
      const customerId = await ensureCustomer(user);
      if (body.cardId) {
        const card = isUuid(body.cardId) ? await cardsRepository.find(app.db, body.cardId, user.id, gateway.name) : null;
        if (!card) throw notFound(CARD_NOT_FOUND);
        return { customerId, paymentMethodId: card.gatewayPaymentMethodId, keep: async () => card.id };
      }
      const { save, ...card } = body.card!;
      const saved = await gateway.saveCard(customerId, cardSourceOf(card));
      return {
        customerId,
        paymentMethodId: saved.paymentMethodId,
        keep: async (tx) => (save ? (await cardRow(tx, user, saved, card.holderName)).id : null),
      };
    },

    async list(user: AuthUser) {
      const rows = await cardsRepository.list(app.db, user.id, gateway.name);
      return { data: rows.map(cardDto), total: rows.length };
    },

    async add(user: AuthUser, segment: string, card: CardInput) {
      assertActive(segment);
      return cardDto(await saveCard(user, await ensureCustomer(user), card));
    },

    async remove(user: AuthUser, id: string) {
      const row = isUuid(id) ? await cardsRepository.remove(app.db, id, user.id) : null;
      if (!row) throw notFound(CARD_NOT_FOUND);
      await gateway.deleteCard(row.gatewayPaymentMethodId);
      return { success: true };
    },

    /**
     * Opens my payout account once; while it is not enabled each call answers a fresh set-up link
     * (Stripe's links are single-use and short-lived), back to /creator/banking.
     */
    async connectPayoutAccount(user: AuthUser, segment: string) {
      assertActive(segment);
      let row = await payoutAccountsRepository.find(app.db, user.id, gateway.name);
      if (!row) {
        const account = await gateway.connectPayoutAccount(gatewayUser(user));
        row = await payoutAccountsRepository.insert(app.db, {
          performerId: user.id, gateway: gateway.name, accountId: account.accountId, status: account.status,
        });
      }
      const onboardingUrl = row.status === 'enabled' ? null : await gateway.payoutAccountLink(row.accountId, `${app.config.webOrigin}/creator/banking`);
      return { ...payoutAccountDto(row), onboardingUrl };
    },

    async myPayoutAccount(user: AuthUser) {
      const row = await payoutAccountsRepository.find(app.db, user.id, gateway.name);
      return { gateway: gateway.name, account: row ? payoutAccountDto(row) : null };
    },
  };
}
