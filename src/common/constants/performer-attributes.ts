/**
 * The performer attribute option lists of spec 3 (`GET /user-additional`). Each option has a value
 * (what the API stores and filters on) and a label (what people read). Bands are inclusive.
 */
export interface AttributeOption {
  value: string;
  label: string;
}

const opt = (value: string, label: string): AttributeOption => ({ value, label });
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Height: under 140 cm, then 3 cm bands 140–142 … 188–190, then over 190 cm. */
export const HEIGHTS: AttributeOption[] = [
  opt('under_140', 'Under 140 cm'),
  ...Array.from({ length: 17 }, (_, i) => 140 + 3 * i).map((from) => opt(`${from}_${from + 2}`, `${from}–${from + 2} cm`)),
  opt('over_190', 'Over 190 cm'),
];

/** Weight: under 40 kg, 40–45, then 5 kg bands up to 96–100, then over 100 kg. */
export const WEIGHTS: AttributeOption[] = [
  opt('under_40', 'Under 40 kg'),
  opt('40_45', '40–45 kg'),
  ...Array.from({ length: 11 }, (_, i) => 46 + 5 * i).map((from) => opt(`${from}_${from + 4}`, `${from}–${from + 4} kg`)),
  opt('over_100', 'Over 100 kg'),
];

/** Age bands; on a profile the band is derived from the date of birth (18+ only). */
export const AGES: AttributeOption[] = [
  opt('18_19', '18–19'),
  opt('20_24', '20–24'),
  opt('25_29', '25–29'),
  opt('30_34', '30–34'),
  opt('35_39', '35–39'),
  opt('40_44', '40–44'),
  opt('45_49', '45–49'),
  opt('over_50', '50 and over'),
];

export const BODY_TYPES: AttributeOption[] = [
  'fit', 'slim', 'curvy', 'large', 'toned', 'petite', 'ripped', 'tanned', 'runner', 'swimmer', 'muscular',
].map((v) => opt(v, capitalise(v))).concat(opt('gymBody', 'Gym body'));

export const ETHNICITIES: AttributeOption[] = [
  opt('asian', 'Asian'),
  opt('white', 'White'),
  opt('latino', 'Latino'),
  opt('hispanic', 'Hispanic'),
  opt('black', 'Black or African American'),
  opt('american_indian', 'American Indian or Alaska Native'),
  opt('pacific_islander', 'Native Hawaiian or Other Pacific Islander'),
];

export const SIZES: AttributeOption[] = [opt('x-large', 'X-Large'), opt('large', 'Large'), opt('medium', 'Medium'), opt('small', 'Small')];

export const HAIR_COLORS: AttributeOption[] = [
  'red', 'yellow', 'blond', 'black', 'brown', 'white', 'brunet', 'blue', 'green', 'pink', 'ginger',
].map((v) => opt(v, capitalise(v))).concat(opt('multiColored', 'Multicoloured'));

export const EYE_COLORS: AttributeOption[] = ['blue', 'brown', 'green', 'amber', 'gray', 'hazel', 'red'].map((v) => opt(v, capitalise(v)));

export const GENDERS: AttributeOption[] = ['male', 'female', 'transgender'].map((v) => opt(v, capitalise(v)));

export const SEXUAL_ORIENTATIONS: AttributeOption[] = ['straight', 'lesbian', 'gay', 'bisexual', 'transgender'].map((v) =>
  opt(v, capitalise(v)),
);

/** The lists keyed as `GET /user-additional` returns them. */
export const PERFORMER_ATTRIBUTES = {
  heights: HEIGHTS,
  weights: WEIGHTS,
  ages: AGES,
  bodyTypes: BODY_TYPES,
  ethnicities: ETHNICITIES,
  sizes: SIZES,
  hairColors: HAIR_COLORS,
  eyeColors: EYE_COLORS,
  genders: GENDERS,
  sexualOrientations: SEXUAL_ORIENTATIONS,
};

export const valuesOf = (options: AttributeOption[]) => options.map((o) => o.value);
export const labelOf = (options: AttributeOption[], value: string | null | undefined): string | null =>
  options.find((o) => o.value === value)?.label ?? null;

/** The age band of someone born on `dateOfBirth` (YYYY-MM-DD) at `now`; null under 18. */
export function ageBandOf(dateOfBirth: string, now = new Date()): string | null {
  const [y, m, d] = dateOfBirth.split('-').map(Number);
  let age = now.getUTCFullYear() - y;
  if (now.getUTCMonth() + 1 < m || (now.getUTCMonth() + 1 === m && now.getUTCDate() < d)) age -= 1;
  if (age < 18) return null;
  if (age < 20) return '18_19';
  if (age >= 50) return 'over_50';
  const from = Math.floor(age / 5) * 5;
  return `${from}_${from + 4}`;
}

/** Inclusive [min, max] ages of a band, for turning an age filter into a date-of-birth range. */
export function ageRangeOf(band: string): [number, number] | null {
  if (band === 'over_50') return [50, 150];
  const m = /^(\d+)_(\d+)$/.exec(band);
  return m ? [Number(m[1]), Number(m[2])] : null;
}
