import { CONTACT_FIELD_MESSAGES as CONTACT_MESSAGES, type ContactBody } from '../../../common/contract/contact';
import { badRequest, type FieldProblem } from '../../lib/http-error';
import { stripControl } from '../../shared/text';

/**
 * An address a mail server will take (the fast form of ajv-formats' "email"): checked after
 * trimming, so a pasted address with a stray space is accepted rather than refused.
 */
const EMAIL = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;

/**
 * The stored form of a contact message: control and bidi characters out (line breaks kept in the
 * message, turned into spaces elsewhere so a name or subject stays one line: they become a mail
 * header), trimmed. Every empty or malformed field is named at once (400); lengths were checked by
 * the schema, and cleaning only shortens.
 */
export function cleanContactFields(body: ContactBody): ContactBody {
  const oneLine = (text: string) => stripControl(text, { replaceWith: ' ' }).replace(/\s+/g, ' ').trim();
  const clean: ContactBody = {
    name: oneLine(body.name),
    email: body.email.trim(),
    subject: oneLine(body.subject),
    message: stripControl(body.message, { keepLines: true }).trim(),
  };
  const problems: FieldProblem[] = [];
  for (const field of ['name', 'email', 'subject', 'message'] as const) {
    if (!clean[field]) problems.push({ field, message: CONTACT_MESSAGES[field] });
  }
  if (clean.email && !EMAIL.test(clean.email)) problems.push({ field: 'email', message: CONTACT_MESSAGES.emailFormat });
  if (problems.length) throw badRequest(problems.map((p) => p.message).join('; '), problems);
  return clean;
}
