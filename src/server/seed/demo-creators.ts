import { sanitizeRichText } from '../../common/lib/rich-text';
import {
  AGES, BODY_TYPES, HEIGHTS, WEIGHTS, ageRangeOf, valuesOf,
} from '../../common/constants/performer-attributes';
import { isReservedUsername } from '../../common/constants/usernames';
import type { NewPerformer } from '../modules/performers/performers.repository';
import { DEMO_NICHES, type DemoNiche } from './demo-niches';
import { DEMO_PLACES } from './demo-places';
import type { Random } from './prng';

/** One generated creator: the account, the profile columns, and what the seed needs to draw and follow. */
export interface GeneratedCreator {
  name: string;
  username: string;
  email: string;
  profile: Omit<NewPerformer, 'userId'>;
  createdAt: Date;
  /** Chance that any other demo account follows this creator: a few are popular, most are not. */
  appeal: number;
  colours: [string, string];
  initials: string;
  /** What they make: the seed's demo content follows it. */
  niche: DemoNiche;
}

const DAY = 86_400_000;
const HEIGHT_VALUES = valuesOf(HEIGHTS);
const WEIGHT_VALUES = valuesOf(WEIGHTS);
type Gender = 'female' | 'male' | 'transgender';

const ascii = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^a-z0-9]/g, '');
const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/** A date of birth that makes someone exactly `age` today: their last birthday was 1 to 360 days ago. */
export function birthDate(age: number, now: Date, rand: Random): string {
  const anniversary = Date.UTC(now.getUTCFullYear() - age, now.getUTCMonth(), now.getUTCDate());
  return isoDate(new Date(anniversary - rand.int(1, 360) * DAY));
}

function pickAge(rand: Random): number {
  const band = rand.weighted<string>(AGES.map((a, i) => [a.value, [1, 4, 5, 4, 3, 2, 1, 1][i] ?? 1]));
  const [min, max] = ageRangeOf(band)!;
  return rand.int(min, Math.min(max, 62));
}

/** Band indexes that are plausible for the gender (HEIGHTS/WEIGHTS order, shortest/lightest first). */
const BODY_RANGES: Record<Gender, { height: [number, number]; weight: [number, number] }> = {
  female: { height: [5, 13], weight: [2, 8] },
  male: { height: [10, 18], weight: [6, 12] },
  transgender: { height: [7, 16], weight: [3, 10] },
};

function hairFor(ethnicity: string, rand: Random): string {
  if (rand.chance(0.1)) return rand.pick(['pink', 'blue', 'green', 'multiColored', 'white']);
  if (ethnicity === 'white') return rand.weighted([['blond', 3], ['brown', 3], ['brunet', 2], ['red', 1], ['ginger', 1], ['black', 1]]);
  return rand.weighted([['black', 5], ['brown', 3], ['brunet', 1]]);
}

function eyesFor(ethnicity: string, rand: Random): string {
  if (ethnicity === 'white') return rand.weighted([['blue', 3], ['brown', 3], ['green', 2], ['hazel', 2], ['gray', 1]]);
  return rand.weighted([['brown', 6], ['hazel', 1], ['amber', 1]]);
}

function orientationFor(gender: Gender, rand: Random): string {
  if (gender === 'female') return rand.weighted([['straight', 5], ['bisexual', 3], ['lesbian', 2]]);
  if (gender === 'male') return rand.weighted([['straight', 5], ['gay', 3], ['bisexual', 2]]);
  return rand.weighted([['transgender', 3], ['bisexual', 2], ['straight', 1], ['gay', 1], ['lesbian', 1]]);
}

function bioOf(first: string, city: string, niche: DemoNiche, rand: Random): string {
  const perks = rand.sample(niche.perks, 3).map((p) => `<li>${p}</li>`).join('');
  return sanitizeRichText(
    `<p>Hi, I'm ${first} from ${city}! ${niche.intro}</p>` +
      `<p>${rand.pick(niche.details)} <strong>${niche.highlight}</strong></p>` +
      `<ul>${perks}</ul>`,
  );
}

function socialLinksOf(username: string, rand: Random) {
  const handle = username.replace(/\./g, '_');
  const all = {
    website: `https://${username.replace(/[._]/g, '-')}.example.com`,
    twitter: `https://twitter.com/${handle}`,
    instagram: `https://instagram.com/${username}`,
    youtube: `https://www.youtube.com/@${handle}`,
    tiktok: `https://www.tiktok.com/@${username}`,
  };
  const keys = rand.sample(Object.keys(all) as (keyof typeof all)[], rand.int(1, 3));
  return Object.fromEntries(keys.map((k) => [k, all[k]]));
}

/** Monthly price from a realistic ladder, yearly at ten months; both kept inside the site's bounds. */
function pricesOf(rand: Random, bounds: { minCents: number; maxCents: number }) {
  const clamp = (c: number) => Math.min(bounds.maxCents, Math.max(bounds.minCents, c));
  const monthly = rand.pick([499, 599, 799, 999, 999, 1299, 1499, 1999, 2499, 2999]);
  return { monthlyPriceCents: clamp(monthly), yearlyPriceCents: clamp(monthly * 10) };
}

function usernameOf(first: string, last: string, niche: DemoNiche, taken: Set<string>, rand: Random): string {
  const f = ascii(first);
  const l = ascii(last);
  const candidates = rand.shuffle([`${f}.${l}`, `${f}${l}`, `${f}_${niche.handle}`, `${f}.${niche.handle}`, `${f}${l[0]}`]);
  for (let n = 0; ; n += 1) {
    for (const c of candidates) {
      const name = (n ? `${c}${n + 1}` : c).slice(0, 30);
      if (name.length >= 3 && !taken.has(name) && !isReservedUsername(name)) {
        taken.add(name);
        return name;
      }
    }
  }
}

/**
 * `count` creators spread over the places, niches, genders, ages and attribute lists of spec 3.
 * `taken` holds usernames already in use and receives the new ones.
 */
export function generateCreators(
  count: number,
  rand: Random,
  now: Date,
  bounds: { minCents: number; maxCents: number },
  taken: Set<string>,
): GeneratedCreator[] {
  const usedNames = new Set<string>();
  const niches = rand.shuffle(DEMO_NICHES);
  const out: GeneratedCreator[] = [];
  for (let i = 0; i < count; i += 1) {
    const place = rand.weighted(DEMO_PLACES.map((p) => [p, p.weight] as const));
    const gender = rand.weighted<Gender>([['female', 55], ['male', 33], ['transgender', 12]]);
    const pool = gender === 'female' ? place.female : gender === 'male' ? place.male : place.neutral;
    let first = rand.pick(pool);
    let last = rand.pick(place.last);
    for (let tries = 0; usedNames.has(`${first} ${last}`) && tries < 20; tries += 1) {
      first = rand.pick([...pool, ...place.neutral]);
      last = rand.pick(place.last);
    }
    usedNames.add(`${first} ${last}`);
    const niche = niches[i % niches.length];
    const city = rand.pick(place.cities);
    const username = usernameOf(first, last, niche, taken, rand);
    const ethnicity = rand.weighted(place.ethnicities);
    const body = BODY_RANGES[gender];
    const heightIndex = rand.int(...body.height);
    const weightIndex = rand.int(...body.weight);
    const languages = place.languages.includes('eng') || rand.chance(0.5) ? place.languages : [...place.languages, 'eng'];
    const createdAt = new Date(now.getTime() - rand.int(3, 420) * DAY - rand.int(0, 86_399) * 1000);
    out.push({
      name: `${first} ${last}`,
      username,
      email: `${username}@example.com`,
      createdAt,
      appeal: 0.03 + 0.8 * rand.next() ** 2,
      colours: niche.colours,
      niche,
      initials: `${first[0]}${last.replace(/^(de |O')/, '')[0]}`.toUpperCase(),
      profile: {
        bio: bioOf(first, city, niche, rand),
        gender,
        sexualOrientation: orientationFor(gender, rand),
        country: place.country,
        city,
        languages,
        dateOfBirth: birthDate(pickAge(rand), now, rand),
        height: HEIGHT_VALUES[heightIndex],
        weight: WEIGHT_VALUES[weightIndex],
        bodyType: rand.pick(valuesOf(BODY_TYPES)),
        ethnicity,
        size: ['small', 'medium', 'large', 'x-large'][Math.min(3, Math.max(0, Math.floor((weightIndex - 2) / 3)))],
        hairColor: hairFor(ethnicity, rand),
        eyeColor: eyesFor(ethnicity, rand),
        socialLinks: socialLinksOf(username, rand),
        ...pricesOf(rand, bounds),
        isFreeSubscription: rand.chance(0.25),
        verificationStatus: 'approved',
        createdAt,
        updatedAt: new Date(createdAt.getTime() + rand.next() * (now.getTime() - createdAt.getTime())),
      },
    });
  }
  return out;
}
