import type { FormInstance } from 'antd';
import { getErrorMessage } from '@/client/lib/error-message';
import { toast } from '@/client/lib/toast';

interface FieldProblem {
  field: string;
  message: string;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Shows a rejected call on a form whose fields may be nested (`socialLinks.website`): each
 * problem in `details` goes under its field when the form has it; the message is toasted unless
 * every problem found its field (spec 8). Returns the message.
 */
export function showFormErrors(form: FormInstance, err: unknown, fallback?: string): string {
  const message = getErrorMessage(err, fallback);
  const raw = (err as { details?: unknown } | null)?.details;
  const details = (Array.isArray(raw) ? raw : []).filter(
    (d): d is FieldProblem => typeof d?.field === 'string' && typeof d?.message === 'string',
  );
  const registered = new Set(form.getFieldsError().map((f) => f.name.join('.')));
  const mapped = details.filter((d) => registered.has(d.field.replace(/^\//, '').replace(/\//g, '.')));
  if (mapped.length) {
    form.setFields(mapped.map((d) => ({ name: d.field.replace(/^\//, '').split(/[./]/), errors: [capitalise(d.message)] })));
  }
  if (!details.length || mapped.length < details.length) toast.error(message);
  return message;
}
