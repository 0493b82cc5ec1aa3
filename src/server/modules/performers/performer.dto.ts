import type { PerformerCard, PerformerPublic, SocialLinks } from '../../../common/contract/performers';
import { ageBandOf } from '../../../common/constants/performer-attributes';
import { richTextToPlain } from '../../../common/lib/rich-text';
import { avatarUrl, centsToAmount, coverUrl, type ImageUrlContext } from '../users/user.dto';
import type { PerformerWithViewer } from './performers.repository';

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
    verifiedDocument: p.verifiedDocument,
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

export function toPerformerPublic(ctx: PerformerDtoContext, row: PerformerWithViewer, welcomeVideoUrl: string | null): PerformerPublic {
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
    freeSubscriptionDays: freeOffered ? ctx.freeSubscriptionDuration : 0,
    isSubscribed: false,
  };
}
