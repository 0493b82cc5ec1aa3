import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { SecurityPage } from '@/client/features/account-security/components/security-page';
import type { SessionItem, TwoFactorStatus } from '@/common/contract/account-security';
import { api, installMswServer, server, serveSignedInBasics } from '../../../support/msw';
import { makeUser } from '../../fixtures';
import { renderWithStore } from '../videos/render-video';
import { installMatchMedia } from '../../components/match-media';

jest.setTimeout(120_000);
installMswServer();
beforeAll(() => installMatchMedia(false));

const HOUR = 3_600_000;
const session = (id: string, device: string, current: boolean, ip = '203.0.113.7'): SessionItem => ({
  id, device, ip, current,
  createdAt: new Date(Date.now() - 48 * HOUR).toISOString(),
  lastSeenAt: new Date(Date.now() - 2 * HOUR).toISOString(),
});
const OFF: TwoFactorStatus = { enabled: false, enabledAt: null, recoveryCodesLeft: 0, hasPassword: true };

/** A small in-memory account behind the security routes; records what was asked. */
function serveAccount({ sessions, twoFactor = OFF }: { sessions: SessionItem[]; twoFactor?: TwoFactorStatus }) {
  const state = { sessions: [...sessions], twoFactor: { ...twoFactor } };
  const calls: string[] = [];
  const bodies: unknown[] = [];
  serveSignedInBasics();
  server.use(
    http.get(api('/auth/sessions'), () => HttpResponse.json({ data: { data: state.sessions, total: state.sessions.length } })),
    http.delete(api('/auth/sessions/:id'), ({ params }) => {
      calls.push(`DELETE /auth/sessions/${String(params.id)}`);
      state.sessions = state.sessions.filter((s) => s.id !== params.id);
      return HttpResponse.json({ data: { success: true } });
    }),
    http.delete(api('/auth/sessions'), () => {
      calls.push('DELETE /auth/sessions');
      const revoked = state.sessions.filter((s) => !s.current).length;
      state.sessions = state.sessions.filter((s) => s.current);
      return HttpResponse.json({ data: { success: true, revoked } });
    }),
    http.get(api('/auth/2fa'), () => HttpResponse.json({ data: state.twoFactor })),
    http.post(api('/auth/2fa/setup'), () => {
      calls.push('POST /auth/2fa/setup');
      return HttpResponse.json({ data: { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/Site:fan?secret=JBSWY3DPEHPK3PXP', qrCode: 'data:image/png;base64,iVBORw0KGgo=' } });
    }),
    http.post(api('/auth/2fa/enable'), async ({ request }) => {
      const body = (await request.json()) as { code: string; currentPassword?: string };
      bodies.push(body);
      if (body.code !== '123456') {
        const message = 'That code is not right.';
        return HttpResponse.json({ statusCode: 400, error: 'Bad Request', message, details: [{ field: 'code', message }] }, { status: 400 });
      }
      state.twoFactor = { enabled: true, enabledAt: new Date().toISOString(), recoveryCodesLeft: 10, hasPassword: true };
      return HttpResponse.json({ data: { recoveryCodes: Array.from({ length: 10 }, (_, i) => `code${i}-abcde`) } });
    }),
    http.post(api('/auth/2fa/disable'), async ({ request }) => {
      bodies.push(await request.json());
      state.twoFactor = OFF;
      return HttpResponse.json({ data: { success: true } });
    }),
  );
  return { calls, bodies };
}

const confirm = async (name: string | RegExp) => {
  const button = await screen.findByRole('button', { name });
  await act(async () => {
    fireEvent.click(button);
  });
};

describe('SecurityPage: devices', () => {
  it('lists the devices with IP and times, marks this one, and signs another out after a confirmation', async () => {
    const { calls } = serveAccount({ sessions: [session('s-here', 'Chrome on Linux', true), session('s-phone', 'Safari on iPhone', false, '198.51.100.9')] });
    renderWithStore(<SecurityPage />, makeUser());
    const list = await screen.findByRole('region', { name: 'Signed-in devices' });
    expect(within(list).getByText('Chrome on Linux')).toBeInTheDocument();
    expect(within(list).getByText('This device')).toBeInTheDocument();
    expect(within(list).getByText('IP 198.51.100.9')).toBeInTheDocument();
    expect(within(list).getAllByText(/last seen 2 hours ago/)).toHaveLength(2);
    // This device cannot be signed out from here (that is "Sign out" in the menu).
    expect(screen.queryByRole('button', { name: 'Sign out Chrome on Linux' })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Sign out Safari on iPhone' }));
    expect(calls).toEqual([]);
    await confirm('Sign out');
    await waitFor(() => expect(screen.queryByText('Safari on iPhone')).not.toBeInTheDocument());
    expect(calls).toEqual(['DELETE /auth/sessions/s-phone']);
    expect(screen.queryByRole('button', { name: 'Sign out all other devices' })).not.toBeInTheDocument();
  });

  it('signs out every other device at once after a confirmation', async () => {
    const { calls } = serveAccount({
      sessions: [session('a', 'Chrome on Linux', true), session('b', 'Firefox on Windows', false), session('c', 'Safari on iPhone', false)],
    });
    renderWithStore(<SecurityPage />, makeUser());
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out all other devices' }));
    expect(await screen.findByText(/2 other devices will be signed out/)).toBeInTheDocument();
    await confirm('Sign out others');
    await waitFor(() => expect(screen.queryByText('Firefox on Windows')).not.toBeInTheDocument());
    expect(screen.queryByText('Safari on iPhone')).not.toBeInTheDocument();
    expect(screen.getByText('Chrome on Linux')).toBeInTheDocument();
    expect(calls).toEqual(['DELETE /auth/sessions']);
  });

  it('shows an error with a retry when the devices cannot be loaded', async () => {
    serveAccount({ sessions: [] });
    let fail = true;
    server.use(http.get(api('/auth/sessions'), () => (fail
      ? HttpResponse.json({ statusCode: 500, error: 'Internal Server Error', message: 'Boom' }, { status: 500 })
      : HttpResponse.json({ data: { data: [session('a', 'Chrome on Linux', true)], total: 1 } }))));
    renderWithStore(<SecurityPage />, makeUser());
    expect(await screen.findByText('We could not load your devices')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /try again/i }));
    expect(await screen.findByText('Chrome on Linux')).toBeInTheDocument();
  });
});

describe('SecurityPage: two-factor sign-in', () => {
  it('sets up with the QR image and key, confirms with a code and the password, then shows the recovery codes once', async () => {
    const { calls, bodies } = serveAccount({ sessions: [session('a', 'Chrome on Linux', true)] });
    renderWithStore(<SecurityPage />, makeUser());
    await confirm(/Set up two-factor sign-in/);
    expect(await screen.findByAltText('QR code for your authenticator app')).toHaveAttribute('src', 'data:image/png;base64,iVBORw0KGgo=');
    expect(screen.getByText('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')).toBeInTheDocument();
    expect(calls).toEqual(['POST /auth/2fa/setup']);

    fireEvent.change(screen.getByLabelText('Code from the app'), { target: { value: '999999' } });
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'my-password' } });
    await confirm('Turn on');
    expect(await screen.findByText('That code is not right.')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Code from the app'), { target: { value: '123456' } });
    await confirm('Turn on');
    const codes = await screen.findByLabelText('Recovery codes');
    expect(codes.textContent).toContain('code0-abcde');
    expect(codes.textContent).toContain('code9-abcde');
    expect(bodies).toEqual([{ code: '999999', currentPassword: 'my-password' }, { code: '123456', currentPassword: 'my-password' }]);
    expect(screen.getByRole('button', { name: /download/i })).toBeInTheDocument();

    await confirm('I have saved them');
    expect(screen.queryByLabelText('Recovery codes')).not.toBeInTheDocument();
    expect(await screen.findByText('10 recovery codes left.')).toBeInTheDocument();
  });

  it('turns off with the password after asking', async () => {
    const { bodies } = serveAccount({
      sessions: [session('a', 'Chrome on Linux', true)],
      twoFactor: { enabled: true, enabledAt: new Date().toISOString(), recoveryCodesLeft: 4, hasPassword: true },
    });
    renderWithStore(<SecurityPage />, makeUser());
    expect(await screen.findByText('4 recovery codes left.')).toBeInTheDocument();
    await confirm('Turn off two-factor sign-in');
    fireEvent.click(await screen.findByLabelText('My password'));
    fireEvent.change(await screen.findByLabelText('Password'), { target: { value: 'my-password' } });
    await confirm('Turn off');
    expect(await screen.findByRole('button', { name: /Set up two-factor sign-in/ })).toBeInTheDocument();
    expect(bodies).toEqual([{ password: 'my-password' }]);
  });
});
