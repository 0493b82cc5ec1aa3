import {
  AGES, BODY_TYPES, ETHNICITIES, EYE_COLORS, GENDERS, HAIR_COLORS, HEIGHTS, SEXUAL_ORIENTATIONS, SIZES, WEIGHTS,
  type AttributeOption,
} from '@/common/constants/performer-attributes';
import type { PerformerSearchQuery } from '@/common/contract/performers';
import type { QueryFilters, QueryList } from '@/client/hooks/use-query-list';

type AttributeKey =
  | 'gender' | 'sexualOrientation' | 'age' | 'bodyType' | 'ethnicity' | 'height' | 'weight' | 'hairColor' | 'eyeColor' | 'size';

export interface AttributeFilter {
  key: AttributeKey;
  label: string;
  options: AttributeOption[];
}

/** The attribute filters of the explore panel, in the order people look for them. */
export const ATTRIBUTE_FILTERS: AttributeFilter[] = [
  { key: 'gender', label: 'Gender', options: GENDERS },
  { key: 'sexualOrientation', label: 'Orientation', options: SEXUAL_ORIENTATIONS },
  { key: 'age', label: 'Age', options: AGES },
  { key: 'bodyType', label: 'Body type', options: BODY_TYPES },
  { key: 'ethnicity', label: 'Ethnicity', options: ETHNICITIES },
  { key: 'height', label: 'Height', options: HEIGHTS },
  { key: 'weight', label: 'Weight', options: WEIGHTS },
  { key: 'hairColor', label: 'Hair', options: HAIR_COLORS },
  { key: 'eyeColor', label: 'Eyes', options: EYE_COLORS },
  { key: 'size', label: 'Size', options: SIZES },
];

/** Every panel filter kept in the query string (the search text `q` is separate). */
export const FILTER_KEYS = [...ATTRIBUTE_FILTERS.map((f) => f.key), 'country', 'isFreeSubscription'] as const;

export const EXPLORE_SORTS = [
  { value: 'popular', label: 'Popular' },
  { value: 'newest', label: 'Newest' },
  { value: 'subscribers', label: 'Most subscribers' },
] as const;
export type ExploreSort = (typeof EXPLORE_SORTS)[number]['value'];

export const EXPLORE_DEFAULTS = { pageSize: 12, sortBy: 'popular' } as const;
export const EXPLORE_PAGE_SIZES = [12, 24, 48];

const COUNTRY = /^[A-Za-z]{2}$/;

/** The panel filters that hold a valid value (a hand-edited URL must not turn into a 400). */
export function activeFilters(filters: QueryFilters): Partial<Record<(typeof FILTER_KEYS)[number], string>> {
  const out: Partial<Record<(typeof FILTER_KEYS)[number], string>> = {};
  for (const { key, options } of ATTRIBUTE_FILTERS) {
    const value = filters[key];
    if (value && options.some((o) => o.value === value)) out[key] = value;
  }
  if (filters.country && COUNTRY.test(filters.country)) out.country = filters.country.toUpperCase();
  if (filters.isFreeSubscription === 'true') out.isFreeSubscription = 'true';
  return out;
}

/** Spec 2 list state plus the explore filters, as `GET /performers/user/search` takes them. */
export function searchQueryOf(list: QueryList): PerformerSearchQuery {
  const { isFreeSubscription, ...attributes } = activeFilters(list.filters);
  const sortBy = EXPLORE_SORTS.some((s) => s.value === list.sortBy) ? (list.sortBy as ExploreSort) : EXPLORE_DEFAULTS.sortBy;
  const q = list.filters.q?.trim().slice(0, 100);
  return {
    offset: list.params.offset,
    limit: list.params.limit,
    sortBy,
    ...(q ? { q } : {}),
    ...(attributes as Omit<PerformerSearchQuery, 'offset' | 'limit' | 'sortBy' | 'q' | 'isFreeSubscription'>),
    ...(isFreeSubscription ? { isFreeSubscription: true } : {}),
  };
}

/** A change that removes every filter and the search text (page goes back to 1 with it). */
export const clearedFilters = (): Record<string, undefined> =>
  Object.fromEntries([...FILTER_KEYS, 'q'].map((k) => [k, undefined]));
