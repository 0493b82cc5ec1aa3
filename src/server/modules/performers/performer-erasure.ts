import type { Executor } from '../../db/client';
import { performerErasureRepository as repo } from './performer-erasure.repository';

/** A creator profile in its owner's data export, and erased with the account. */
export const performerErasure = {
  /** The profile's own fields (no document paths: those are files, listed apart). */
  async export(db: Executor, userId: string) {
    const p = await repo.find(db, userId);
    if (!p) return null;
    return {
      bio: p.bio, gender: p.gender, sexualOrientation: p.sexualOrientation, country: p.country, city: p.city,
      languages: p.languages, dateOfBirth: p.dateOfBirth, height: p.height, weight: p.weight, bodyType: p.bodyType,
      ethnicity: p.ethnicity, size: p.size, hairColor: p.hairColor, eyeColor: p.eyeColor, socialLinks: p.socialLinks,
      monthlyPrice: p.monthlyPriceCents / 100, yearlyPrice: p.yearlyPriceCents / 100, isFreeSubscription: p.isFreeSubscription,
      verificationStatus: p.verificationStatus, createdAt: p.createdAt.toISOString(),
    };
  },

  /**
   * Empties the profile and drops banking and payout settings in the caller's transaction; answers
   * the storage keys (welcome video, identity documents) to delete once it committed.
   */
  async erase(tx: Executor, userId: string): Promise<string[]> {
    const p = await repo.find(tx, userId);
    if (!p) return [];
    await repo.erase(tx, userId);
    return [p.welcomeVideoPath, p.idDocumentPath, p.selfiePath].filter((k): k is string => Boolean(k));
  },
};
