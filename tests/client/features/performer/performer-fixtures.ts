import type { PerformerAccount, PerformerPublic } from '@/common/contract/performers';

/** A complete public creator as GET /performers/:id answers. */
export function makePerformerPublic(overrides: Partial<PerformerPublic> = {}): PerformerPublic {
  return {
    _id: '3f1d2c4b-5a69-4e7f-8a9b-0c1d2e3f4a5b',
    name: 'Aurora',
    username: 'aurora',
    avatar: 'http://api.test/uploads/avatar.jpg',
    cover: 'http://api.test/uploads/cover.jpg',
    bioExcerpt: 'Hello there',
    country: 'NO',
    gender: 'female',
    verifiedDocument: true,
    isFreeSubscription: false,
    monthlyPrice: 9.99,
    yearlyPrice: 99.99,
    stats: { posts: 12, photos: 30, videos: 4, followers: 1200, likes: 56, subscribers: 7 },
    isFollowed: false,
    isBookmarked: false,
    createdAt: '2024-01-01T00:00:00.000Z',
    bio: '<p>Hello <strong>there</strong></p>',
    city: 'Tromsø',
    languages: ['en', 'no'],
    age: '25_29',
    sexualOrientation: 'straight',
    height: '170_172',
    weight: null,
    bodyType: 'fit',
    ethnicity: null,
    size: null,
    hairColor: 'blond',
    eyeColor: 'blue',
    socialLinks: { website: 'https://aurora.example.com', instagram: 'https://instagram.com/aurora' },
    welcomeVideo: null,
    freeSubscriptionDays: 0,
    isSubscribed: false,
    subscription: null,
    ...overrides,
  };
}

/** GET /performers/me: the public profile plus the private parts. */
export function makePerformerAccount(overrides: Partial<PerformerAccount> = {}): PerformerAccount {
  return {
    ...makePerformerPublic(),
    email: 'aurora@example.com',
    dateOfBirth: '1995-05-05',
    hasIdDocument: true,
    hasSelfie: true,
    verificationStatus: 'approved',
    verificationNote: null,
    payable: true,
    bankingSettings: null,
    paymentGatewaySettings: null,
    ...overrides,
  };
}
