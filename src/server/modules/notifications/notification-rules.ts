import type { NotificationKind } from '../../../common/contract/notifications';
import { EMAIL_BY_DEFAULT, NOTIFICATION_KINDS_BY_ROLE } from '../../../common/lib/notification-text';

type Role = keyof typeof NOTIFICATION_KINDS_BY_ROLE;
const ROLES = Object.keys(NOTIFICATION_KINDS_BY_ROLE) as Role[];

/** The roles a kind can reach (a kind no role lists reaches nobody). */
export const rolesFor = (kind: NotificationKind): Role[] => ROLES.filter((role) => NOTIFICATION_KINDS_BY_ROLE[role].includes(kind));

export const kindsFor = (role: Role): readonly NotificationKind[] => NOTIFICATION_KINDS_BY_ROLE[role];

export const emailByDefault = (kind: NotificationKind): boolean => EMAIL_BY_DEFAULT.includes(kind);

/**
 * Kinds told once per actor and object within this many hours: following, unfollowing and following
 * again (or liking, unliking, liking again) is one notification, not a stream of them.
 */
export const DEDUPE_HOURS: Partial<Record<NotificationKind, number>> = { follower_new: 24, like_new: 24 };

/** Where a person switches kinds and channels (the web's account settings, section Notifications). */
export const settingsPath = (role: Role): string => (role === 'performer' ? '/creator/account?tab=notifications' : '/user/account#notifications');

/** A title or text as the notification quotes it: at most this many characters (the sentence cuts again). */
export const TITLE_MAX = 140;
