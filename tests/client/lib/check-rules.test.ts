import { brokenRules } from '@/client/lib/check-rules';
import { confirmPasswordRules, emailRules, nameRules, passwordRules, usernameRules } from '@/client/components/form-rules';
import { EMAIL_MAX } from '@/common/contract/users';

describe('brokenRules: antd rules checked as antd\'s Form checks them', () => {
  it('asks for a required value, and counts blanks as missing where the rule says so', async () => {
    expect(await brokenRules('name', nameRules, { name: '' })).toEqual(['Please enter your name']);
    expect(await brokenRules('name', nameRules, { name: '   ' })).toEqual(['Please enter your name']);
    expect(await brokenRules('name', nameRules, { name: 'Erin' })).toEqual([]);
  });

  it('checks only the required rule of an empty value (a pattern or type rule skips it)', async () => {
    expect(await brokenRules('email', emailRules, { email: '' })).toEqual(['Please enter your email address']);
    expect(await brokenRules('username', usernameRules, {})).toEqual(['Please choose a username']);
  });

  it('checks patterns, email addresses and lengths, every broken rule in order', async () => {
    expect(await brokenRules('username', usernameRules, { username: 'e!' })).toEqual(['Username must be 3 to 30 letters, digits, dots or underscores']);
    expect(await brokenRules('email', emailRules, { email: 'erin@' })).toEqual(['Please enter a valid email address']);
    expect(await brokenRules('email', emailRules, { email: 'erin@example.com' })).toEqual([]);
    const long = `${'a'.repeat(EMAIL_MAX)}@`;
    expect(await brokenRules('email', emailRules, { email: long })).toEqual(['Please enter a valid email address', `Email must be at most ${EMAIL_MAX} characters`]);
    expect(await brokenRules('password', passwordRules, { password: 'short' })).toEqual(['Password must be at least 8 characters']);
  });

  it('runs a rule written against the form with the other fields\' values', async () => {
    const rules = confirmPasswordRules();
    expect(await brokenRules('confirm', rules, { password: 'correct horse', confirm: 'other' })).toEqual(['The two passwords do not match']);
    expect(await brokenRules('confirm', rules, { password: 'correct horse', confirm: 'correct horse' })).toEqual([]);
    expect(await brokenRules('confirm', rules, { password: 'correct horse' })).toEqual(['Please confirm the password']);
  });
});
