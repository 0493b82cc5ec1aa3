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

/**
 * Shows a rejected API call on a form: field problems from `details` go under their fields
 * (the server names them like the form does), and the message is toasted unless every problem
 * found its field. Returns the message shown or mapped.
 */
export function showServerErrors(form: FormInstance, err: unknown, fallback?: string): string {
  const message = getErrorMessage(err, fallback);
  const known = new Set(Object.keys(form.getFieldsValue() as Record<string, unknown>));
  const details = detailsOf(err);
  const mapped = details.filter((d) => known.has(d.field));
  if (mapped.length) {
    form.setFields(mapped.map((d) => ({ name: d.field, errors: [capitalise(d.message)] })));
  }
  if (!details.length || mapped.length < details.length) toast.error(message);
  return message;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
