import type { Static, TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { badRequest } from '../../lib/http-error';
import { toValidationIssues } from '../../media/multipart-form';
import { describeValidation } from '../../plugins/errors';

/** A title without its outer spaces; one made only of spaces is as good as none. */
export function cleanTitle(title: string, field = 'title'): string {
  const text = title.trim();
  if (!text) {
    const message = `${field} cannot be empty`;
    throw badRequest(message, [{ field, message }]);
  }
  return text;
}

/** Plain text (shown as text, never as HTML): outer spaces trimmed, line ends made `\n`. */
export const cleanDescription = (text: string | undefined): string => (text ?? '').replace(/\r\n?/g, '\n').trim();

/** Photo titles may be empty. */
export const cleanPhotoTitle = (text: string | undefined): string => (text ?? '').trim();

/**
 * Multipart text fields checked against the same kind of schema as a JSON body, with the same
 * `details`: an unknown field, a bad uuid or a too long title is a 400 naming the field.
 */
export function parseFields<S extends TSchema>(schema: S, fields: Record<string, string>): Static<S> {
  const value = Value.Convert(schema, { ...fields });
  const issues = toValidationIssues([...Value.Errors(schema, value)] as never).filter((issue) => issue.keyword !== 'additionalProperties');
  const details = describeValidation(issues.map((issue) => {
    // TypeBox names an unknown property by its path; describe it as ajv does, by name.
    const unknown = issue.keyword === 'boolean' && (issue as { schemaPath?: string }).schemaPath === '#/additionalProperties';
    return unknown ? { ...issue, instancePath: '', params: { additionalProperty: issue.instancePath.slice(1) } } : issue;
  }));
  if (details.length) throw badRequest(details.map((d) => d.message).join('; '), details);
  return value as Static<S>;
}
