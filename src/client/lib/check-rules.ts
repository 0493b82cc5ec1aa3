import Schema from '@rc-component/async-validator';
import type { FormInstance, FormRule } from 'antd';

// async-validator warns on the console about every failed rule; antd's Form silences it too.
Schema.warning = () => undefined;

/** A form's values by field name, as a plain form keeps them (hooks/use-plain-form.ts). */
export type FieldValues = Record<string, unknown>;

/**
 * The messages of the rules a field's value breaks, in the rules' order: the same antd rules
 * (components/form-rules.ts) checked the way antd's Form checks them, each rule on its own through
 * the validator antd uses (@rc-component/async-validator), so a form drawn without antd shows what
 * an antd form shows. Rules written as functions of the form get `getFieldValue` only (the one part
 * of the form instance our rules read). Every rule must carry its `message`: antd's default
 * messages (with the field's label) are not reproduced.
 */
export async function brokenRules(name: string, rules: readonly FormRule[], values: FieldValues): Promise<string[]> {
  const form = { getFieldValue: (field: string) => values[field] } as unknown as FormInstance;
  const results = await Promise.all(
    rules.map(async (entry) => {
      const rule = typeof entry === 'function' ? entry(form) : entry;
      try {
        await new Schema({ [name]: [{ ...rule } as never] }).validate({ [name]: values[name] });
        return [];
      } catch (failure) {
        const errors = (failure as { errors?: { message?: unknown }[] }).errors ?? [];
        return errors.map((e) => String(e.message));
      }
    }),
  );
  return results.flat();
}
