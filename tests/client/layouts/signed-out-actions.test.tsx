import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { useRouter } from 'next/router';
import { makeStore } from '@/client/store/store';
import { UserMenu } from '@/client/layouts/user-menu';

jest.mock('next/router', () => ({ useRouter: jest.fn() }));

function renderAt(pathname: string, asPath = pathname) {
  jest.mocked(useRouter).mockReturnValue({ pathname, asPath, query: {} } as unknown as ReturnType<typeof useRouter>);
  render(<Provider store={makeStore()}><UserMenu /></Provider>);
}

const link = (name: string) => screen.queryByRole('link', { name });

describe('the signed-out header actions', () => {
  it('offer Sign in (back to this page afterwards) and Sign up', () => {
    renderAt('/[profileId]', '/aurora');
    expect(link('Sign in')).toHaveAttribute('href', '/auth/login?redirect=%2Faurora');
    expect(link('Sign up')).toHaveAttribute('href', '/auth/register');
  });

  it('never link to the page already open', () => {
    renderAt('/auth/login');
    expect(link('Sign in')).toBeNull();
    expect(link('Sign up')).toHaveAttribute('href', '/auth/register');
  });

  it('on sign-up pages offer only Sign in', () => {
    renderAt('/auth/register/creator');
    expect(link('Sign up')).toBeNull();
    expect(link('Sign in')).toHaveAttribute('href', '/auth/login');
  });
});
