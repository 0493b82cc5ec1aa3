import type { Executor } from '../../db/client';
import { addressesAccountRepository as repo } from './addresses-account.repository';

/** Delivery addresses in a person's data export, and gone with their account. */
export const addressesAccount = {
  async export(db: Executor, userId: string) {
    return (await repo.all(db, userId)).map((a) => ({
      name: a.name, country: a.country, state: a.state, city: a.city, streetAddress: a.streetAddress,
      postalCode: a.postalCode, phone: a.phone, description: a.description, isDefault: a.isDefault,
    }));
  },
  removeAll: (tx: Executor, userId: string) => repo.removeAll(tx, userId),
};
