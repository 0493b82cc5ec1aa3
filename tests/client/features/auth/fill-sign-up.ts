import { fireEvent, screen } from '@testing-library/react';

/** Types into a field of the rendered form, found by its exact label. */
export const typeInto = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** Fills the fan sign-up form with valid values; ticks both consent boxes unless told not to. */
export function fillFanSignUp({ consents = true }: { consents?: boolean } = {}) {
  typeInto('Name', 'Erin Example');
  typeInto('Username', 'erin_example');
  typeInto('Email', 'erin@example.com');
  typeInto('Password', 'correct horse battery');
  typeInto('Confirm password', 'correct horse battery');
  if (!consents) return;
  fireEvent.click(screen.getByLabelText(/I am 18 or older/));
  fireEvent.click(screen.getByLabelText(/I accept the terms of service/));
}
