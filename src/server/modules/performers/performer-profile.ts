import type { PerformerUpdate } from '../../../common/contract/performers';
import { sanitizeRichText } from '../../../common/lib/rich-text';
import { unprocessable, type FieldProblem } from '../../lib/http-error';
import { isAdult, MESSAGES } from '../auth/auth.service';
import type { NewPerformer } from './performers.repository';

/** Subscription price bounds in tokens, from the site settings. */
export interface PriceBounds {
  min: number;
  max: number;
}

const toCents = (tokens: number) => Math.round(tokens * 100);

/** The attribute fields copied as they are: the contract already limits each to its option list. */
const ATTRIBUTES = [
  'gender', 'sexualOrientation', 'height', 'weight', 'bodyType', 'ethnicity', 'size', 'hairColor', 'eyeColor',
] as const;

function priceProblem(field: 'monthlyPrice' | 'yearlyPrice', value: number | undefined, bounds: PriceBounds): FieldProblem | null {
  if (value === undefined) return null;
  const cents = toCents(value);
  if (cents >= toCents(bounds.min) && cents <= toCents(bounds.max)) return null;
  const label = field === 'monthlyPrice' ? 'Monthly price' : 'Yearly price';
  return { field, message: `${label} must be between ${bounds.min.toFixed(2)} and ${bounds.max.toFixed(2)} tokens` };
}

/**
 * The performer-row part of `PUT /performers/me`, or a 422 naming every business rule the body
 * breaks (prices outside the site's bounds, under 18). Shape and option lists were checked by
 * the contract schema before this runs. Only the fields present in the body are in the patch.
 */
export function toProfilePatch(body: PerformerUpdate, bounds: PriceBounds, now = new Date()): Partial<NewPerformer> {
  const problems = [priceProblem('monthlyPrice', body.monthlyPrice, bounds), priceProblem('yearlyPrice', body.yearlyPrice, bounds)]
    .filter((p): p is FieldProblem => p !== null);
  if (body.dateOfBirth !== undefined && !isAdult(body.dateOfBirth, now)) {
    problems.push({ field: 'dateOfBirth', message: MESSAGES.underage });
  }
  if (problems.length) throw unprocessable(problems.map((p) => p.message).join('; '), problems);

  const patch: Partial<NewPerformer> = {};
  for (const key of ATTRIBUTES) if (body[key] !== undefined) patch[key] = body[key];
  if (body.bio !== undefined) patch.bio = sanitizeRichText(body.bio);
  if (body.country !== undefined) patch.country = body.country?.toUpperCase() ?? null;
  if (body.city !== undefined) patch.city = body.city?.trim() || null;
  if (body.languages !== undefined) {
    // Free text (a name or a code): trimmed, blanks and repeats that differ only in case dropped.
    const seen = new Set<string>();
    patch.languages = body.languages.map((l) => l.trim()).filter((l) => {
      const k = l.toLowerCase();
      if (!l || seen.has(k)) return false;
      seen.add(k);
      return true;
    });
  }
  if (body.dateOfBirth !== undefined) patch.dateOfBirth = body.dateOfBirth;
  if (body.socialLinks !== undefined) patch.socialLinks = body.socialLinks;
  if (body.monthlyPrice !== undefined) patch.monthlyPriceCents = toCents(body.monthlyPrice);
  if (body.yearlyPrice !== undefined) patch.yearlyPriceCents = toCents(body.yearlyPrice);
  if (body.isFreeSubscription !== undefined) patch.isFreeSubscription = body.isFreeSubscription;
  return patch;
}
