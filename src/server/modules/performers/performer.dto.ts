import type { ViewerSubscription } from '../../../common/contract/subscriptions';
import type {
  BankingSettings, PaymentGatewaySettings, PerformerAccount, PerformerCard, PerformerPublic, SocialLinks,
} from '../../../common/contract/performers';
import { ageBandOf } from '../../../common/constants/performer-attributes';
import { richTextToPlain } from '../../../common/lib/rich-text';
import { avatarUrl, centsToAmount, coverUrl, type ImageUrlContext } from '../users/user.dto';
import type { BankingRow, PaymentSettingsRow, PerformerAccountRow, PerformerWithViewer } from './performers.repository';
import { payableVerdict, type PayableRule } from './payable-creator';

export interface PerformerDtoContext extends ImageUrlContext {
  /** Site settings that shape the subscribe box. */
  freeSubscriptionEnabled: boolean;
  freeSubscriptionDuration: number;
}

const EXCERPT = 200;

export function toPerformerCard(ctx: ImageUrlContext, row: PerformerWithViewer): PerformerCard {
  const { user, performer: p } = row;
  const plain = richTextToPlain(p.bio);
  return {
    _id: user.id,
    name: user.name,
    username: user.username,
    avatar: avatarUrl(ctx, user.avatarPath),
    cover: coverUrl(ctx, user.coverPath),
    bioExcerpt: plain.length > EXCERPT ? `${plain.slice(0, EXCERPT - 1).trimEnd()}…` : plain,
    country: p.country,
    gender: p.gender,
    verifiedDocument: p.verificationStatus === 'approved',
    isFreeSubscription: p.isFreeSubscription,
    monthlyPrice: centsToAmount(p.monthlyPriceCents),
    yearlyPrice: centsToAmount(p.yearlyPriceCents),
    stats: {
      posts: p.totalPosts,
      photos: p.totalPhotos,
      videos: p.totalVideos,
      followers: p.totalFollowers,
      likes: p.totalLikes,
      subscribers: p.totalSubscribers,
    },
    isFollowed: Boolean(row.isFollowed),
    isBookmarked: Boolean(row.isBookmarked),
    createdAt: user.createdAt.toISOString(),
  };
}

export function toPerformerPublic(
  ctx: PerformerDtoContext,
  row: PerformerWithViewer,
  welcomeVideoUrl: string | null,
  subscription: ViewerSubscription | null = null,
): PerformerPublic {
  const p = row.performer;
  const freeOffered = ctx.freeSubscriptionEnabled && p.isFreeSubscription;
  return {
    ...toPerformerCard(ctx, row),
    isFreeSubscription: freeOffered,
    bio: p.bio,
    city: p.city,
    languages: p.languages,
    age: p.dateOfBirth ? ageBandOf(p.dateOfBirth) : null,
    sexualOrientation: p.sexualOrientation,
    height: p.height,
    weight: p.weight,
    bodyType: p.bodyType,
    ethnicity: p.ethnicity,
    size: p.size,
    hairColor: p.hairColor,
    eyeColor: p.eyeColor,
    socialLinks: p.socialLinks as SocialLinks,
    welcomeVideo: welcomeVideoUrl,
    // A fan who already had their free subscription with this creator is not offered another.
    freeSubscriptionDays: freeOffered && !subscription?.freeUsed ? ctx.freeSubscriptionDuration : 0,
    isSubscribed: subscription?.hasAccess ?? false,
    subscription,
  };
}

function toBanking(b: BankingRow): BankingSettings {
  return {
    firstName: b.firstName,
    lastName: b.lastName,
    bankName: b.bankName,
    accountNumber: b.accountNumber,
    routingNumber: b.routingNumber,
    swiftCode: b.swiftCode,
    country: b.country,
    address: b.address,
  };
}

function toPaymentSettings(p: PaymentSettingsRow): PaymentGatewaySettings {
  return { payoutMethod: p.payoutMethod, ...(p.paypalEmail ? { paypalEmail: p.paypalEmail } : {}) };
}

/**
 * The creator's own view: the public profile plus what only they may see. The account number is
 * shown in full because it is their own data and the payout form edits it.
 */
export function toPerformerAccount(
  ctx: PerformerDtoContext,
  row: PerformerAccountRow,
  welcomeVideoUrl: string | null,
  rule: PayableRule,
): PerformerAccount {
  const { user, performer: p } = row;
  return {
    ...toPerformerPublic(ctx, { user, performer: p, isFollowed: false, isBookmarked: false }, welcomeVideoUrl),
    // Their own toggle, even while the site has free subscriptions switched off: the editor shows what they chose.
    isFreeSubscription: p.isFreeSubscription,
    email: user.email,
    dateOfBirth: p.dateOfBirth,
    hasIdDocument: Boolean(p.idDocumentPath),
    hasSelfie: Boolean(p.selfiePath),
    verificationStatus: p.verificationStatus,
    verificationNote: p.verificationNote,
    payable: payableVerdict({ role: user.role, status: user.status, verificationStatus: p.verificationStatus }, rule) === 'payable',
    bankingSettings: row.banking ? toBanking(row.banking) : null,
    paymentGatewaySettings: row.payment ? toPaymentSettings(row.payment) : null,
  };
}
