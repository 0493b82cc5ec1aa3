import { postLoginPath } from '@/client/features/auth/login-redirect';
import { makePerformer, makeUser } from '../../fixtures';

describe('postLoginPath (spec 4)', () => {
  it('goes to the redirect parameter when given', () => {
    expect(postLoginPath(makeUser(), '/messages?c=1')).toBe('/messages?c=1');
    expect(postLoginPath(makePerformer({ username: null }), '/wallet')).toBe('/wallet');
  });

  it('ignores a redirect to another site', () => {
    expect(postLoginPath(makeUser(), 'https://evil.example')).toBe('/home');
    expect(postLoginPath(makeUser(), '//evil.example')).toBe('/home');
  });

  it('sends a fan with email and username home', () => {
    expect(postLoginPath(makeUser())).toBe('/home');
    expect(postLoginPath(makeUser(), '')).toBe('/home');
  });

  it('sends a fan without email or username to /user/account', () => {
    expect(postLoginPath(makeUser({ email: null }))).toBe('/user/account');
    expect(postLoginPath(makeUser({ username: null }))).toBe('/user/account');
  });

  it('sends a complete performer to their profile', () => {
    expect(postLoginPath(makePerformer({ username: 'jane' }))).toBe('/jane');
  });

  it('sends a performer without email or username to /creator/account', () => {
    expect(postLoginPath(makePerformer({ username: null }))).toBe('/creator/account');
    expect(postLoginPath(makePerformer({ email: '' }))).toBe('/creator/account');
  });

  it('sends an operator to the console, unless a redirect names another page', () => {
    expect(postLoginPath(makeUser({ role: 'admin' }))).toBe('/admin');
    expect(postLoginPath(makeUser({ role: 'admin' }), '/admin/users')).toBe('/admin/users');
  });
});
