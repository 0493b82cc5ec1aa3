import type { FormRule } from 'antd';

/** The two sign-up consents (issue 15); the API refuses a sign-up without both. */
export interface ConsentValues {
  ageConfirmed?: boolean;
  termsAccepted?: boolean;
}

const mustBeTicked = (message: string): FormRule[] => [
  { validator: (_rule, value: unknown) => (value === true ? Promise.resolve() : Promise.reject(new Error(message))) },
];

/** The rules of both consent boxes, for the antd forms and the plain one alike. */
export const consentRules = {
  ageConfirmed: mustBeTicked('Please confirm that you are 18 or older'),
  termsAccepted: mustBeTicked('Please accept the terms of service'),
};
