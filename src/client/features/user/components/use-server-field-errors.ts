import { useEffect, useRef } from 'react';
import type { FormInstance } from 'antd';

/**
 * The profile sagas keep the failure in state.user.error (and toast its message); this puts the
 * field problems of that error under the matching fields of `form` when a new error arrives.
 */
export function useServerFieldErrors(form: FormInstance, error: unknown, fields: readonly string[]) {
  const last = useRef(error);
  useEffect(() => {
    if (error === last.current) return;
    last.current = error;
    const details = (error as { details?: { field?: unknown; message?: unknown }[] } | null)?.details;
    if (!Array.isArray(details)) return;
    const mapped = details.filter((d) => typeof d.field === 'string' && fields.includes(d.field) && typeof d.message === 'string');
    if (mapped.length) {
      form.setFields(
        mapped.map((d) => ({ name: d.field as string, errors: [String(d.message).replace(/^./, (c) => c.toUpperCase())] })),
      );
    }
  }, [error, form, fields]);
}
