import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ErrorBody } from '@/common/contract/common';
import type { PerformerAccount, PerformerUpdate } from '@/common/contract/performers';
import { updateSettings } from '@/client/features/settings/settings.slice';
import { toast } from '@/client/lib/toast';
import { api, installMswServer, server } from '../../../support/msw';
import { installMatchMedia } from '../../components/match-media';
import { makeFile } from '../../fixtures';
import { makePerformerAccount } from './performer-fixtures';
import { renderAccountPage, submit } from './account-page-harness';

const mockRouter = { query: {} as Record<string, string>, pathname: '/creator/account', asPath: '/creator/account', replace: jest.fn(), push: jest.fn() };
jest.mock('next/router', () => ({ __esModule: true, default: { push: jest.fn(), replace: jest.fn() }, useRouter: () => mockRouter }));

installMswServer();
beforeAll(() => installMatchMedia(false));

let account: PerformerAccount;
let updates: PerformerUpdate[];
let successToast: jest.SpyInstance;
let errorToast: jest.SpyInstance;

beforeEach(() => {
  mockRouter.query = {};
  account = makePerformerAccount();
  updates = [];
  successToast = jest.spyOn(toast, 'success').mockImplementation(() => undefined);
  errorToast = jest.spyOn(toast, 'error').mockImplementation(() => undefined);
  server.use(
    http.get(api('/performers/me'), () => HttpResponse.json({ data: account })),
    http.get(api('/users/me/warnings'), () => HttpResponse.json({ data: [] })),
    http.get(api('/languages/list'), () => HttpResponse.json({ data: [{ code: 'eng', name: 'English' }, { code: 'nor', name: 'Norwegian' }] })),
    http.get(api('/countries/list'), () => HttpResponse.json({ data: [{ name: 'Norway', code: 'NO' }, { name: 'Spain', code: 'ES' }] })),
    http.put(api('/performers/me'), async ({ request }) => {
      const body = (await request.json()) as PerformerUpdate;
      updates.push(body);
      return HttpResponse.json({ data: { ...account, ...body, bio: body.bio ?? account.bio } as PerformerAccount });
    }),
  );
});
afterEach(() => {
  successToast.mockRestore();
  errorToast.mockRestore();
});

function setup(tab?: string) {
  if (tab) mockRouter.query = { tab };
  return renderAccountPage(account);
}

const settle = () => act(() => new Promise((r) => setTimeout(r, 50)));
const itemOf = (label: string) => screen.getByLabelText(label).closest('.ant-form-item') as HTMLElement;

describe('PerformerAccountPage: profile', () => {
  it('fills the form from GET /performers/me', async () => {
    setup();
    expect(await screen.findByLabelText('Display name')).toHaveValue('Aurora');
    expect(screen.getByLabelText('Username')).toHaveValue('aurora');
    expect(screen.getByLabelText('Bio')).toHaveValue('Hello there');
    expect(screen.getByLabelText('Date of birth')).toHaveValue('1995-05-05');
    expect(screen.getByLabelText('Website')).toHaveValue('https://aurora.example.com');
  });

  it('rejects a link that is not http or https and sends nothing', async () => {
    setup();
    fireEvent.change(await screen.findByLabelText('Website'), { target: { value: 'ftp://aurora.example.com' } });
    fireEvent.change(screen.getByLabelText('Instagram'), { target: { value: 'javascript:alert(1)' } });
    await submit('Save profile');
    expect(await within(itemOf('Website')).findByText('Enter a full link starting with http:// or https://')).toBeInTheDocument();
    expect(within(itemOf('Instagram')).getByText('Enter a full link starting with http:// or https://')).toBeInTheDocument();
    await settle();
    expect(updates).toEqual([]);
  });

  it('rejects a birth date under 18 and sends nothing', async () => {
    setup();
    const tenYearsAgo = `${new Date().getFullYear() - 10}-01-01`;
    fireEvent.change(await screen.findByLabelText('Date of birth'), { target: { value: tenYearsAgo } });
    await submit('Save profile');
    expect(await screen.findByText('You must be at least 18 years old')).toBeInTheDocument();
    await settle();
    expect(updates).toEqual([]);
  });

  it('shows the server 409 for a taken username on the field', async () => {
    const taken: ErrorBody = {
      statusCode: 409,
      error: 'Conflict',
      message: 'This username is already taken',
      details: [{ field: 'username', message: 'This username is already taken' }],
    };
    server.use(http.put(api('/performers/me'), () => HttpResponse.json(taken, { status: 409 })));
    const { store } = setup();
    fireEvent.change(await screen.findByLabelText('Username'), { target: { value: 'taken_name' } });
    await submit('Save profile');
    expect(await within(itemOf('Username')).findByText('This username is already taken')).toBeInTheDocument();
    expect(errorToast).not.toHaveBeenCalled();
    expect(store.getState().user.error).toEqual(taken);
    expect(store.getState().user.updateSuccess).toBe(false);
  });

  it('saves, says "Changes saved" and updates the current user', async () => {
    const { store } = setup();
    fireEvent.change(await screen.findByLabelText('Display name'), { target: { value: 'Aurora B' } });
    fireEvent.change(screen.getByLabelText('Bio'), { target: { value: 'Line one\n\nLine <two>' } });
    await submit('Save profile');
    await waitFor(() => expect(successToast).toHaveBeenCalledWith('Changes saved'));
    expect(updates).toHaveLength(1);
    expect(updates[0]).toMatchObject({
      name: 'Aurora B',
      username: 'aurora',
      email: 'aurora@example.com',
      bio: '<p>Line one</p><p>Line &lt;two&gt;</p>',
      country: 'NO',
      city: 'Tromsø',
      languages: ['en', 'no'],
      dateOfBirth: '1995-05-05',
      gender: 'female',
      hairColor: 'blond',
      weight: null,
      socialLinks: { website: 'https://aurora.example.com', instagram: 'https://instagram.com/aurora' },
    });
    expect(store.getState().user.current.name).toBe('Aurora B');
    expect(store.getState().user.updateSuccess).toBe(true);
  });

  it('leaves the bio out when its text did not change (its formatting survives)', async () => {
    setup();
    await screen.findByLabelText('Display name');
    await submit('Save profile');
    await waitFor(() => expect(updates).toHaveLength(1));
    expect(updates[0]).not.toHaveProperty('bio');
  });
});

describe('PerformerAccountPage: subscription', () => {
  it('names the allowed range and refuses a price outside it without sending', async () => {
    setup('subscription');
    const monthly = await screen.findByLabelText('Monthly price');
    expect(screen.getByText('Price must be between 2.95 and 300.00 tokens.')).toBeInTheDocument();
    fireEvent.change(monthly, { target: { value: '1000' } });
    fireEvent.change(screen.getByLabelText('Yearly price'), { target: { value: '1' } });
    await submit('Save subscription');
    expect(await within(itemOf('Monthly price')).findByText('Price must be between 2.95 and 300.00 tokens')).toBeInTheDocument();
    expect(within(itemOf('Yearly price')).getByText('Price must be between 2.95 and 300.00 tokens')).toBeInTheDocument();
    await settle();
    expect(updates).toEqual([]);
  });

  it('saves prices and the free subscription switch', async () => {
    setup('subscription');
    fireEvent.change(await screen.findByLabelText('Monthly price'), { target: { value: '12.5' } });
    fireEvent.click(screen.getByLabelText('Free subscription'));
    await submit('Save subscription');
    await waitFor(() => expect(successToast).toHaveBeenCalledWith('Changes saved'));
    expect(updates).toEqual([{ monthlyPrice: 12.5, yearlyPrice: 99.99, isFreeSubscription: true }]);
  });

  it('hides the free subscription switch when the site has it off', async () => {
    const { store } = setup('subscription');
    act(() => {
      store.dispatch(updateSettings({ freeSubscriptionEnabled: false }));
    });
    await screen.findByLabelText('Monthly price');
    expect(screen.queryByLabelText('Free subscription')).not.toBeInTheDocument();
  });
});

describe('PerformerAccountPage: uploads', () => {
  it('uploads a new avatar with a progress bar, then shows it everywhere', async () => {
    let release: (() => void) | undefined;
    const fields: string[] = [];
    server.use(
      http.post(api('/performers/avatar/upload'), async ({ request }) => {
        const form = await request.formData();
        fields.push(...form.keys());
        await new Promise<void>((r) => (release = r));
        return HttpResponse.json({ data: { ...account, avatar: 'http://api.test/uploads/new-avatar.jpg' } });
      }),
    );
    const { store, container } = setup('media');
    await screen.findByText('Change avatar');
    const input = container.querySelector('input[type="file"][accept^="image/"]') as HTMLInputElement;
    await act(async () => {
      fireEvent.change(input, { target: { files: [makeFile('img', 'me.png', 'image/png')] } });
    });
    expect(await screen.findByRole('progressbar', { name: 'Avatar upload progress' })).toBeInTheDocument();
    await waitFor(() => expect(release).toBeDefined());
    await act(async () => release!());
    await waitFor(() => expect(successToast).toHaveBeenCalledWith('Avatar updated'));
    expect(screen.queryByRole('progressbar', { name: 'Avatar upload progress' })).not.toBeInTheDocument();
    expect(fields).toEqual(['avatar']);
    expect(store.getState().user.current.avatar).toBe('http://api.test/uploads/new-avatar.jpg');
  });

  it('refuses a file of the wrong type before sending it', async () => {
    const { container } = setup('media');
    await screen.findByText('Upload video');
    const input = container.querySelectorAll('input[type="file"]')[2] as HTMLInputElement;
    await act(async () => {
      fireEvent.change(input, { target: { files: [makeFile('x', 'clip.avi', 'video/x-msvideo')] } });
    });
    expect(errorToast).toHaveBeenCalledWith('Please choose an MP4, WebM or QuickTime (MOV) video');
  });

  it('shows the document status', async () => {
    account = makePerformerAccount({ verifiedDocument: false, hasIdDocument: true, hasSelfie: true, verificationStatus: 'pending', payable: false });
    setup('documents');
    expect(await screen.findByTestId('document-status')).toHaveTextContent('Pending review');
  });
});

describe('PerformerAccountPage: payouts', () => {
  it('saves PayPal as the payout method with its email', async () => {
    const gateways: unknown[] = [];
    server.use(
      http.put(api('/performers/payment-gateway-settings'), async ({ request }) => {
        const body = (await request.json()) as PerformerAccount['paymentGatewaySettings'];
        gateways.push(body);
        return HttpResponse.json({ data: { ...account, paymentGatewaySettings: body } });
      }),
    );
    setup('payouts');
    fireEvent.click(await screen.findByText('PayPal'));
    const email = await screen.findByLabelText('PayPal email');
    await submit('Save payout settings');
    expect(await screen.findByText('Please enter your email address')).toBeInTheDocument();
    fireEvent.change(email, { target: { value: 'pay@example.com' } });
    await submit('Save payout settings');
    await waitFor(() => expect(successToast).toHaveBeenCalledWith('Changes saved'));
    expect(gateways).toEqual([{ payoutMethod: 'paypal', paypalEmail: 'pay@example.com' }]);
  });
});

