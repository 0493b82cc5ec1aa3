import type { FormRule } from 'antd';
import { EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, USERNAME_PATTERN } from '@/common/contract/users';

/**
 * Client-side rules mirroring the server's schemas (src/common/contract/users.ts), so a person
 * sees the same limits before sending as the API would answer with afterwards. Forms using them set
 * `noValidate`: the browser's own checks (type="email", a date's max) would otherwise block the
 * submit before antd could show every message.
 */
export const nameRules: FormRule[] = [
  { required: true, whitespace: true, message: 'Please enter your name' },
  { max: NAME_MAX, message: `Name must be at most ${NAME_MAX} characters` },
];

export const usernameRules: FormRule[] = [
  { required: true, message: 'Please choose a username' },
  {
    pattern: new RegExp(USERNAME_PATTERN),
    message: 'Username must be 3 to 30 letters, digits, dots or underscores',
  },
];

export const emailRules: FormRule[] = [
  { required: true, message: 'Please enter your email address' },
  { type: 'email', message: 'Please enter a valid email address' },
  { max: EMAIL_MAX, message: `Email must be at most ${EMAIL_MAX} characters` },
];

/** The note under a new password. */
export const NEW_PASSWORD_NOTE = `At least ${PASSWORD_MIN} characters.`;

export const passwordRules: FormRule[] = [
  { required: true, message: 'Please enter a password' },
  { min: PASSWORD_MIN, message: `Password must be at least ${PASSWORD_MIN} characters` },
  { max: PASSWORD_MAX, message: `Password must be at most ${PASSWORD_MAX} characters` },
];

/** Confirmation must equal the field named `passwordField`. */
export function confirmPasswordRules(passwordField = 'password'): FormRule[] {
  return [
    { required: true, message: 'Please confirm the password' },
    ({ getFieldValue }) => ({
      validator(_rule, value) {
        if (!value || getFieldValue(passwordField) === value) return Promise.resolve();
        return Promise.reject(new Error('The two passwords do not match'));
      },
    }),
  ];
}
