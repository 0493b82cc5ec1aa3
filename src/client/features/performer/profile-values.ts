import { SOCIAL_PLATFORMS, type PerformerAccount, type PerformerUpdate, type SocialLinks } from '@/common/contract/performers';
import { bioToText, textToBio } from './bio-text';
import { EDITABLE_ATTRIBUTE_FIELDS } from './performer-attribute-fields';

type Attribute = (typeof EDITABLE_ATTRIBUTE_FIELDS)[number]['name'];

/** What the Profile tab edits, as the form holds it. */
export interface ProfileValues extends Partial<Record<Attribute, string | null>> {
  name: string;
  username: string;
  email: string;
  bio: string;
  country?: string | null;
  city?: string;
  languages: string[];
  dateOfBirth?: string;
  socialLinks: Record<(typeof SOCIAL_PLATFORMS)[number], string>;
  /** Shown only while the email differs from the current one; never part of the profile itself. */
  currentPassword?: string;
}

export function profileValuesOf(account: PerformerAccount): ProfileValues {
  const values: ProfileValues = {
    name: account.name,
    username: account.username ?? '',
    email: account.email ?? '',
    bio: bioToText(account.bio),
    country: account.country ?? undefined,
    city: account.city ?? '',
    languages: account.languages,
    dateOfBirth: account.dateOfBirth ?? undefined,
    socialLinks: Object.fromEntries(SOCIAL_PLATFORMS.map((p) => [p, account.socialLinks[p] ?? ''])) as ProfileValues['socialLinks'],
  };
  EDITABLE_ATTRIBUTE_FIELDS.forEach((f) => {
    values[f.name] = account[f.name] ?? undefined;
  });
  return values;
}

const blankToNull = (v: string | null | undefined) => (v && v.trim() ? v.trim() : null);

/**
 * The PUT /performers/me body of the Profile tab. The bio goes only when its text changed, so
 * formatting the textarea cannot show (bold, links) survives saving other fields.
 */
export function profileUpdateOf(v: ProfileValues, account: PerformerAccount): PerformerUpdate {
  const socialLinks: SocialLinks = {};
  SOCIAL_PLATFORMS.forEach((p) => {
    const link = v.socialLinks?.[p]?.trim();
    if (link) socialLinks[p] = link;
  });
  const body: PerformerUpdate = {
    name: v.name.trim(),
    username: v.username.trim(),
    email: v.email.trim(),
    country: v.country ? v.country.toUpperCase() : null,
    city: blankToNull(v.city),
    languages: [...new Set((v.languages ?? []).map((l) => l.trim()).filter(Boolean))],
    socialLinks,
  };
  if (v.bio.trim() !== bioToText(account.bio)) body.bio = textToBio(v.bio);
  if (v.dateOfBirth) body.dateOfBirth = v.dateOfBirth;
  EDITABLE_ATTRIBUTE_FIELDS.forEach((f) => {
    (body as Record<string, unknown>)[f.name] = v[f.name] || null;
  });
  return body;
}
