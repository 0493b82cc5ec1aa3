import { bioToText, textToBio } from '@/client/features/performer/bio-text';
import { profileUpdateOf, profileValuesOf } from '@/client/features/performer/profile-values';
import { priceRules } from '@/client/features/performer/performer-account-rules';
import { makePerformerAccount } from './performer-fixtures';

describe('bio text', () => {
  it('turns paragraphs and breaks into lines and back', () => {
    const html = '<p>One &amp; two<br>three</p><p>Four</p>';
    expect(bioToText(html)).toBe('One & two\nthree\n\nFour');
    expect(textToBio(bioToText(html))).toBe(html);
    expect(textToBio('  ')).toBe('');
    expect(textToBio('<b>x</b>')).toBe('<p>&lt;b&gt;x&lt;/b&gt;</p>');
  });
});

describe('profile values', () => {
  it('round-trips an account into a PUT body, clearing emptied fields', () => {
    const account = makePerformerAccount();
    const values = profileValuesOf(account);
    const body = profileUpdateOf(
      { ...values, city: '  ', hairColor: undefined, languages: ['English', ' English ', ''], socialLinks: { ...values.socialLinks, website: ' ' } },
      account,
    );
    expect(body.city).toBeNull();
    expect(body.hairColor).toBeNull();
    expect(body.languages).toEqual(['English']);
    expect(body.socialLinks).toEqual({ instagram: 'https://instagram.com/aurora' });
    expect(body).not.toHaveProperty('bio');
    expect(body).not.toHaveProperty('age');
  });
});

describe('price rules', () => {
  const validate = async (value: number) => {
    const rule = priceRules(2.95, 300)[1] as { validator: (r: unknown, v: number) => Promise<void> };
    return rule.validator({}, value);
  };
  it('accepts the bounds and two decimals, refuses outside or finer', async () => {
    await expect(validate(2.95)).resolves.toBeUndefined();
    await expect(validate(300)).resolves.toBeUndefined();
    await expect(validate(9.99)).resolves.toBeUndefined();
    await expect(validate(2.94)).rejects.toThrow('Price must be between 2.95 and 300.00 tokens');
    await expect(validate(9.999)).rejects.toThrow('Use at most two decimals');
  });
});
