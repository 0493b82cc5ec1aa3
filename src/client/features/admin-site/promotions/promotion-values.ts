import dayjs, { type Dayjs } from 'dayjs';
import type { FormRule } from 'antd';
import { PROMO_HREF_PATTERN, PROMO_LIMITS, type PROMO_POSITIONS, type SitePromo } from '@/common/contract/site-promos';
import type { PromoFields } from './promotions.api';

export type PromoPosition = (typeof PROMO_POSITIONS)[number];

export const POSITION_LABELS: Record<PromoPosition, string> = {
  landing: 'Landing page (visitors)',
  home: 'Home (signed-in fans)',
};

/** The promotion form's values: dates as dayjs for the pickers, the banner as a picked file. */
export interface PromoFormValues {
  image: File | null;
  title: string;
  description: string;
  href: string;
  position: PromoPosition;
  ordering: number | null;
  active: boolean;
  startsAt: Dayjs | null;
  endsAt: Dayjs | null;
}

export const emptyPromoValues = (): PromoFormValues => ({
  image: null, title: '', description: '', href: '', position: 'landing', ordering: 0, active: true, startsAt: null, endsAt: null,
});

export function promoValuesOf(promo: SitePromo): PromoFormValues {
  return {
    image: null,
    title: promo.title,
    description: promo.description,
    href: promo.href,
    position: (promo.position as PromoPosition) ?? 'landing',
    ordering: promo.ordering,
    active: promo.active,
    startsAt: promo.startsAt ? dayjs(promo.startsAt) : null,
    endsAt: promo.endsAt ? dayjs(promo.endsAt) : null,
  };
}

/** What the API takes: text trimmed, no window bound as null. */
export function promoFieldsOf(v: PromoFormValues): PromoFields {
  return {
    title: v.title.trim(),
    description: (v.description ?? '').trim(),
    href: (v.href ?? '').trim(),
    position: v.position,
    ordering: v.ordering ?? 0,
    active: v.active,
    startsAt: v.startsAt ? v.startsAt.toISOString() : null,
    endsAt: v.endsAt ? v.endsAt.toISOString() : null,
  };
}

/** Only the fields an edit changed, so the audit log shows what the operator did and an untouched form sends nothing. */
export function changedPromoFields(promo: SitePromo, v: PromoFormValues): Partial<PromoFields> {
  const next = promoFieldsOf(v);
  const current = promoFieldsOf(promoValuesOf(promo));
  return Object.fromEntries(Object.entries(next).filter(([key, value]) => current[key as keyof PromoFields] !== value)) as Partial<PromoFields>;
}

const HREF = new RegExp(PROMO_HREF_PATTERN);

/** The server's rules, in the same order and words a person can act on. */
export const promoRules: Record<'title' | 'description' | 'href', FormRule[]> = {
  title: [
    { required: true, whitespace: true, message: 'Give the promotion a title' },
    { max: PROMO_LIMITS.title, message: `At most ${PROMO_LIMITS.title} characters` },
  ],
  description: [{ max: PROMO_LIMITS.description, message: `At most ${PROMO_LIMITS.description} characters` }],
  href: [
    { max: PROMO_LIMITS.href, message: `At most ${PROMO_LIMITS.href} characters` },
    {
      validator: async (_rule, value: string | undefined) => {
        if (value && !HREF.test(value.trim())) throw new Error('Use a site path such as /creator or an http(s) address');
      },
    },
  ],
};

/** Where a promotion stands now: what the operator wants to know at a glance. */
export function promoState(promo: Pick<SitePromo, 'active' | 'startsAt' | 'endsAt'>, now = new Date()): 'off' | 'scheduled' | 'ended' | 'live' {
  if (!promo.active) return 'off';
  if (promo.startsAt && new Date(promo.startsAt) > now) return 'scheduled';
  if (promo.endsAt && new Date(promo.endsAt) <= now) return 'ended';
  return 'live';
}
