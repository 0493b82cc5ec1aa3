import { useCallback, useRef, useState } from 'react';
import type { FormRule } from 'antd';
import { brokenRules, type FieldValues } from '@/client/lib/check-rules';
import { splitServerErrors } from '@/client/components/server-errors';
import { toast } from '@/client/lib/toast';

export interface PlainFormSpec<V extends object> {
  initial: V;
  /** Each field's antd rules (components/form-rules.ts), checked as antd's Form checks them. */
  rules: { [K in keyof V]?: readonly FormRule[] };
  /** Fields checked again when another one changes (antd's `dependencies`), once they were checked. */
  dependencies?: { [K in keyof V]?: (keyof V & string)[] };
}

export type FieldErrors<V> = { [K in keyof V]?: string[] };

/**
 * The state of a form drawn without antd (issue 17), with antd Form's behaviour: a field is
 * checked as it changes, the fields that depend on it again once they were checked, every field
 * on submit (`validateAll`), and a refusal's field problems go under their fields
 * (`showServerErrors`). The spec is read once: pass a constant.
 */
export function usePlainForm<V extends object>(spec: PlainFormSpec<V>) {
  const [fixed] = useState(spec);
  const [values, setValues] = useState<V>(fixed.initial);
  const [errors, setErrors] = useState<FieldErrors<V>>({});
  // The values as they are now (a check started by a change reads them, not the last render's).
  const current = useRef(values);
  // Fields changed or checked so far: a dependency's change checks only those, as antd does.
  const dirty = useRef(new Set<keyof V & string>());
  // The latest check of each field: an earlier one that answers late is dropped.
  const runs = useRef(new Map<string, number>());

  const check = useCallback(
    async (name: keyof V & string, all: V): Promise<string[]> => {
      const run = (runs.current.get(name) ?? 0) + 1;
      runs.current.set(name, run);
      dirty.current.add(name);
      const messages = await brokenRules(name, fixed.rules[name] ?? [], all as FieldValues);
      if (runs.current.get(name) === run) setErrors((e) => ({ ...e, [name]: messages }));
      return messages;
    },
    [fixed],
  );

  const setValue = useCallback(
    <K extends keyof V & string>(name: K, value: V[K]) => {
      const next = { ...current.current, [name]: value };
      current.current = next;
      setValues(next);
      void check(name, next);
      for (const [field, on] of Object.entries(fixed.dependencies ?? {}) as [keyof V & string, string[]][]) {
        if (on.includes(name) && dirty.current.has(field)) void check(field, next);
      }
    },
    [check, fixed],
  );

  /** Checks every field with rules; true when none is broken. */
  const validateAll = useCallback(async () => {
    const names = Object.keys(fixed.rules) as (keyof V & string)[];
    const results = await Promise.all(names.map((name) => check(name, current.current)));
    return results.every((messages) => messages.length === 0);
  }, [check, fixed]);

  /** A rejected call: its problems under the fields they name, the message toasted unless all found one. */
  const showServerErrors = useCallback(
    (err: unknown, fallback?: string) => {
      const { message, mapped, toast: toastToo } = splitServerErrors(err, new Set(Object.keys(current.current)), fallback);
      if (mapped.length) {
        for (const { field } of mapped) runs.current.set(field, (runs.current.get(field) ?? 0) + 1);
        setErrors((e) => ({ ...e, ...Object.fromEntries(mapped.map((d) => [d.field, [d.message]])) }));
      }
      if (toastToo) toast.error(message);
      return message;
    },
    [],
  );

  return { values, errors, setValue, validateAll, showServerErrors };
}
