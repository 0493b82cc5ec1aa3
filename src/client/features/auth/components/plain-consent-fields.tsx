import { PlainCheckbox } from '@/client/components/plain-checkbox';
import { PlainField, fieldProps } from '@/client/components/plain-field';
import type { ConsentValues } from '../consent-rules';
import { TermsLink } from './terms-link';

interface PlainConsentFieldsProps {
  /** The form's name: the boxes are `${form}_ageConfirmed` and `${form}_termsAccepted`. */
  form: string;
  values: ConsentValues;
  errors: { ageConfirmed?: string[]; termsAccepted?: string[] };
  onChange: (name: keyof ConsentValues, checked: boolean) => void;
}

/** `ConsentFields` for a form drawn without antd: the same two boxes, rules (consent-rules.ts) and look. */
export function PlainConsentFields({ form, values, errors, onChange }: PlainConsentFieldsProps) {
  const age = `${form}_ageConfirmed`;
  const terms = `${form}_termsAccepted`;
  return (
    <>
      <PlainField id={age} error={errors.ageConfirmed} tight>
        <PlainCheckbox {...fieldProps(age, errors.ageConfirmed)} name="ageConfirmed" checked={values.ageConfirmed === true} onChange={(e) => onChange('ageConfirmed', e.target.checked)}>
          I am 18 or older
        </PlainCheckbox>
      </PlainField>
      <PlainField id={terms} error={errors.termsAccepted}>
        <PlainCheckbox {...fieldProps(terms, errors.termsAccepted)} name="termsAccepted" checked={values.termsAccepted === true} onChange={(e) => onChange('termsAccepted', e.target.checked)}>
          I accept the <TermsLink />
        </PlainCheckbox>
      </PlainField>
    </>
  );
}
