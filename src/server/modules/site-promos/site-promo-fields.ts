import type { Static } from 'typebox';
import { Value } from 'typebox/value';
import { SitePromoFields } from '../../../common/contract/site-promos';
import { badRequest, type FieldProblem } from '../../lib/http-error';
import { toValidationIssues } from '../../media/multipart-form';
import { describeValidation } from '../../plugins/errors';

export type SitePromoInput = Static<typeof SitePromoFields>;

type Issue = ReturnType<typeof toValidationIssues>[number];

/**
 * TypeBox reports an unknown field twice (once per name, once for the object) and a failed
 * "date or null" once per alternative plus once for the union: keep one readable issue per field.
 */
function onePerField(issues: Issue[]): Issue[] {
  const seen = new Set<string>();
  const out: Issue[] = [];
  for (const issue of issues) {
    if (issue.keyword === 'additionalProperties' || issue.keyword === 'anyOf') continue;
    const unknownField = issue.keyword === 'boolean' && (issue as { schemaPath?: string }).schemaPath === '#/additionalProperties';
    const normalised = unknownField
      ? { ...issue, instancePath: '', params: { additionalProperty: issue.instancePath.slice(1) } }
      : issue.keyword === 'enum'
        ? { ...issue, message: `must be one of ${(issue.params.allowedValues as unknown[]).join(', ')}` }
        : issue.keyword === 'pattern' && issue.instancePath === '/href'
          ? { ...issue, message: 'must be a site path (/creator) or an http(s) URL' }
          : issue;
    const key = `${issue.instancePath}|${String(normalised.params.missingProperty ?? '')}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(normalised);
  }
  return out;
}

/**
 * Multipart fields arrive as text: "3", "true" and "" (no date) are converted to what the JSON
 * update route accepts, then checked against the same SitePromoFields schema, so both agree.
 */
export function parsePromoFields(fields: Record<string, string>): SitePromoInput {
  const value = Value.Convert(SitePromoFields, { ...fields });
  const details = describeValidation(onePerField(toValidationIssues(Value.Errors(SitePromoFields, value))));
  if (details.length) throw badRequest(details.map((d) => d.message).join('; '), details);
  return value as SitePromoInput;
}

/** A window that closes before it opens would hide the promo forever: refuse it. */
export function windowProblem(startsAt: Date | null, endsAt: Date | null): FieldProblem | null {
  if (startsAt && endsAt && endsAt <= startsAt) return { field: 'endsAt', message: 'endsAt must be after startsAt' };
  return null;
}

/**
 * The update route's schema is Type.Partial(SitePromoFields), which loses
 * `additionalProperties: false`; a misspelt field must still be a 400, not a silent no-op.
 */
export function assertOnlyPromoFields(body: object): void {
  const known = new Set(Object.keys(SitePromoFields.properties));
  const details = Object.keys(body).filter((k) => !known.has(k)).map((field) => ({ field, message: `${field} is not allowed` }));
  if (details.length) throw badRequest(details.map((d) => d.message).join('; '), details);
}
