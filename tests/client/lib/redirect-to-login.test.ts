import { redirectToLogin } from '@/client/lib/redirect-to-login';

describe('redirectToLogin', () => {
  it('navigates to /auth/login', () => {
    const location = { pathname: '/messages', href: 'http://localhost/messages' };
    redirectToLogin(location);
    expect(location.href).toBe('/auth/login');
  });

  it('does not reload the login page itself', () => {
    const location = { pathname: '/auth/login', href: 'http://localhost/auth/login' };
    redirectToLogin(location);
    expect(location.href).toBe('http://localhost/auth/login');
  });
});
