import type { AccessLevel } from '@/common/contract/content';

/**
 * Who may see a post, video or gallery, in words. A module of its own: the lists that label an
 * item's access (my videos) need the words, not the access form's date picker.
 */
export const ACCESS_OPTIONS: { value: AccessLevel; label: string; help: string }[] = [
  { value: 'free', label: 'Free', help: 'Everyone who can see your page' },
  { value: 'subscribers', label: 'Subscribers', help: 'Only your active subscribers' },
  { value: 'sale', label: 'For sale', help: 'Fans buy it with tokens (subscribers too)' },
];
