import type { FormInstance } from 'antd';
import { getErrorMessage } from '@/client/lib/error-message';
import { toast } from '@/client/lib/toast';

interface FieldProblem {
  field: string;
  message: string;
}

function detailsOf(err: unknown): FieldProblem[] {
  const details = (err as { details?: unknown } | null)?.details;
  if (!Array.isArray(details)) return [];
  return details.filter(
    (d): d is FieldProblem => typeof d?.field === 'string' && typeof d?.message === 'string',
  );
}

/** What a refusal's `details` say about one field, if anything (for a form that is not an antd Form's fields). */
export function fieldProblem(err: unknown, field: string): string | undefined {
  return detailsOf(err).find((d) => d.field === field)?.message;
}

/** "menus.0.path" → ['menus', 0, 'path']: the server's dotted path as an antd name path (list items by index). */
export function namePathOf(field: string): (string | number)[] {
  return field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/**
 * A rejected API call's field problems split by where they go: those naming a field the form has
 * (`known`, or a dotted path under one), with their messages capitalised as a form shows them, and
 * whether the message must be toasted too (no problem named, or one that found no field).
 */
export function splitServerErrors(err: unknown, known: ReadonlySet<string>, fallback?: string) {
  const message = getErrorMessage(err, fallback);
  const details = detailsOf(err);
  const mapped = details
    .filter((d) => known.has(d.field) || known.has(d.field.split('.')[0]))
    .map((d) => ({ field: d.field, message: capitalise(d.message) }));
  return { message, mapped, toast: !details.length || mapped.length < details.length };
}

/**
 * Shows a rejected API call on a form: field problems from `details` go under their fields
 * (the server names them like the form does; a dotted path such as "menus.0.path" goes under that
 * item of a Form.List), and the message is toasted unless every problem found its field. Returns
 * the message shown or mapped.
 */
export function showServerErrors(form: FormInstance, err: unknown, fallback?: string): string {
  const known = new Set(Object.keys(form.getFieldsValue() as Record<string, unknown>));
  const { message, mapped, toast: toastToo } = splitServerErrors(err, known, fallback);
  if (mapped.length) {
    form.setFields(mapped.map((d) => ({ name: known.has(d.field) ? d.field : namePathOf(d.field), errors: [d.message] })));
  }
  if (toastToo) toast.error(message);
  return message;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
