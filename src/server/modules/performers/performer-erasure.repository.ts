import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { performerBankingSettings, performerPaymentSettings, performers } from '../../db/schema';

export const performerErasureRepository = {
  async find(db: Executor, userId: string) {
    const [row] = await db.select().from(performers).where(eq(performers.userId, userId)).limit(1);
    return row ?? null;
  },

  /** Every personal field of the profile emptied; counters, prices and commission stay for the books. */
  async erase(db: Executor, userId: string): Promise<void> {
    await db.update(performers).set({
      bio: '', gender: null, sexualOrientation: null, country: null, city: null, languages: [], dateOfBirth: null,
      height: null, weight: null, bodyType: null, ethnicity: null, size: null, hairColor: null, eyeColor: null,
      socialLinks: {}, welcomeVideoPath: null, idDocumentPath: null, selfiePath: null, verificationNote: null,
      isFreeSubscription: false, updatedAt: new Date(),
    }).where(eq(performers.userId, userId));
    await db.delete(performerBankingSettings).where(eq(performerBankingSettings.performerId, userId));
    await db.delete(performerPaymentSettings).where(eq(performerPaymentSettings.performerId, userId));
  },
};
