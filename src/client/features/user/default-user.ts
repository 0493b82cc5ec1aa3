import type { CurrentUser } from '@/common/contract/users';

export const AVATAR_PLACEHOLDER = '/images/avatar-placeholder.svg';
export const COVER_PLACEHOLDER = '/images/cover-placeholder.svg';

/** The signed-out user: empty fields and the placeholder images of spec 3. */
export const EMPTY_USER: CurrentUser = {
  _id: '',
  name: '',
  username: null,
  email: null,
  avatar: AVATAR_PLACEHOLDER,
  cover: COVER_PLACEHOLDER,
  role: 'user',
  isPerformer: false,
  emailVerified: false,
  balance: 0,
  createdAt: '',
};

/** Fills the placeholders when the server sends an empty image URL. */
export function withPlaceholders(user: CurrentUser): CurrentUser {
  return { ...user, avatar: user.avatar || AVATAR_PLACEHOLDER, cover: user.cover || COVER_PLACEHOLDER };
}
