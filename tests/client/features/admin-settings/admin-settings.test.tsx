import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { PRIVATE_SETTING_DEFAULTS, PUBLIC_SETTING_DEFAULTS } from '@/common/constants/settings';
import type { AllSettingsValues } from '@/common/contract/settings';
import { AdminSettingsPage } from '@/client/features/admin-settings/components/admin-settings-page';
import { toast } from '@/client/lib/toast';
import { api, installMswServer, server, serveSignedInBasics } from '../../../support/msw';
import { buttonWithText } from '../../../support/queries';
import { installMatchMedia } from '../../components/match-media';
import { makeUser } from '../../fixtures';
import { mockRouter, renderPage } from '../discovery/render-page';

jest.mock('next/router', () => ({ useRouter: jest.fn() }));
// Whole antd forms under jsdom: several seconds a test on a busy machine.
jest.setTimeout(180_000);
installMswServer();

const admin = makeUser({ _id: 'a1', role: 'admin', username: 'ops' });
const defaults = (): AllSettingsValues => structuredClone({ ...PUBLIC_SETTING_DEFAULTS, ...PRIVATE_SETTING_DEFAULTS }) as AllSettingsValues;

/** The settings API: GET answers `stored`; PUT answers `reply(body)` (default: stores and answers everything). */
function serve(stored: AllSettingsValues, reply?: (body: Partial<AllSettingsValues>) => Response) {
  const puts: Partial<AllSettingsValues>[] = [];
  let publicReads = 0;
  server.use(
    http.get(api('/admin/settings'), () => HttpResponse.json({ data: stored })),
    http.put(api('/admin/settings'), async ({ request }) => {
      const body = (await request.json()) as Partial<AllSettingsValues>;
      puts.push(body);
      if (reply) return reply(body);
      Object.assign(stored, body);
      return HttpResponse.json({ data: stored });
    }),
    http.get(api('/settings/public'), () => {
      publicReads += 1;
      return HttpResponse.json({ data: { ...stored, paymentTestMode: true } });
    }),
    http.get(api('/countries/list'), () => HttpResponse.json({ data: [{ name: 'Germany', code: 'DE' }, { name: 'France', code: 'FR' }] })),
  );
  return { puts, publicReads: () => publicReads };
}

const badRequest = (details: { field: string; message: string }[]) =>
  HttpResponse.json({ statusCode: 400, error: 'Bad Request', message: details.map((d) => d.message).join('; '), details }, { status: 400 });

const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });
const click = async (element: HTMLElement) => {
  await act(async () => { fireEvent.click(element); });
};

beforeEach(() => {
  installMatchMedia();
  jest.spyOn(toast, 'success').mockImplementation(() => undefined);
  jest.spyOn(toast, 'error').mockImplementation(() => undefined);
  serveSignedInBasics();
});
afterEach(() => jest.restoreAllMocks());

describe('/admin/settings, General', () => {
  it('says when the settings could not be loaded', async () => {
    mockRouter({}, '/admin/settings');
    server.use(http.get(api('/admin/settings'), () => HttpResponse.json({ statusCode: 500, error: 'x', message: 'Something went wrong, please try again later' }, { status: 500 })));
    renderPage(<AdminSettingsPage />, admin);
    expect(await screen.findByText('We could not load the settings')).toBeInTheDocument();
  });

  it('sends only what changed, shows the server\'s problem under its field, then saves and refreshes the public settings', async () => {
    mockRouter({}, '/admin/settings');
    let refuse = true;
    const stored = defaults();
    const api_ = serve(stored, (body) => {
      if (refuse) return badRequest([{ field: 'siteName', message: 'siteName must be at most 100 characters' }]);
      Object.assign(stored, body);
      return HttpResponse.json({ data: stored });
    });
    const store = renderPage(<AdminSettingsPage />, admin);
    const name = await screen.findByLabelText('Site name');
    const save = buttonWithText('Save general');
    expect(save).toBeDisabled();

    type(name, 'Fanhouse');
    await waitFor(() => expect(save).toBeEnabled());
    await click(save);
    await waitFor(() => expect(api_.puts).toEqual([{ siteName: 'Fanhouse' }]));
    expect(await screen.findByText('SiteName must be at most 100 characters')).toBeInTheDocument();
    expect(toast.error).not.toHaveBeenCalled();

    refuse = false;
    await click(save);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Changes saved'));
    expect(api_.puts).toHaveLength(2);
    await waitFor(() => expect(store.getState().settings.siteName).toBe('Fanhouse'));
    expect(api_.publicReads()).toBeGreaterThan(0);
    await waitFor(() => expect(buttonWithText('Save general')).toBeDisabled());
  });

  it('edits the menus: add, fill, reorder, remove; link problems shown on the item', async () => {
    mockRouter({}, '/admin/settings');
    const stored = { ...defaults(), menus: [{ title: 'About', path: '/page/about', section: 'footer' as const }] };
    let refuse = true;
    const api_ = serve(stored, (body) => {
      if (refuse) return badRequest([{ field: 'menus.1.path', message: 'menus.1.path must be an http(s) URL or a path on this site starting with /' }]);
      Object.assign(stored, body);
      return HttpResponse.json({ data: stored });
    });
    renderPage(<AdminSettingsPage />, admin);
    await screen.findByLabelText('Site name');

    await click(buttonWithText('Add menu item'));
    const second = screen.getByRole('group', { name: 'Menu item 2' });
    type(within(second).getByLabelText('Label'), 'Blog');
    type(within(second).getByLabelText('Link'), 'javascript:alert(1)');
    await click(buttonWithText('Save general'));
    // Caught before sending.
    expect(await within(second).findByText('Link must be an http(s) URL or a path on this site starting with /')).toBeInTheDocument();
    expect(api_.puts).toHaveLength(0);

    // A link the client accepts but the server refuses: its message goes under that item.
    type(within(second).getByLabelText('Link'), '/blog');
    await click(buttonWithText('Save general'));
    await waitFor(() => expect(api_.puts).toHaveLength(1));
    expect(api_.puts[0].menus).toEqual([{ title: 'About', path: '/page/about', section: 'footer' }, { title: 'Blog', path: '/blog', section: 'header' }]);
    expect(await within(screen.getByRole('group', { name: 'Menu item 2' })).findByText(/^Menus\.1\.path must be/)).toBeInTheDocument();

    refuse = false;
    await click(screen.getByLabelText('Move item 2 up'));
    fireEvent.click(within(screen.getByRole('group', { name: 'Menu item 1' })).getByLabelText('New tab'));
    await click(buttonWithText('Save general'));
    await waitFor(() => expect(api_.puts).toHaveLength(2));
    expect(api_.puts[1].menus).toEqual([{ title: 'Blog', path: '/blog', section: 'header', isNewTab: true }, { title: 'About', path: '/page/about', section: 'footer' }]);

    await click(screen.getByLabelText('Remove item 1'));
    await click(buttonWithText('Save general'));
    await waitFor(() => expect(api_.puts).toHaveLength(3));
    expect(api_.puts[2].menus).toEqual([{ title: 'About', path: '/page/about', section: 'footer' }]);
  });
});

describe('/admin/settings, Access', () => {
  it('asks before turning maintenance mode on and saves only once confirmed', async () => {
    mockRouter({ group: 'access' }, '/admin/settings');
    const stored = defaults();
    const api_ = serve(stored);
    const store = renderPage(<AdminSettingsPage />, admin);
    const toggle = await screen.findByLabelText('Maintenance mode');

    fireEvent.click(toggle);
    await click(buttonWithText('Save access'));
    expect(await screen.findByText('Visitors will see the maintenance screen; operators keep the console.')).toBeInTheDocument();
    expect(api_.puts).toHaveLength(0);
    await click(buttonWithText('Cancel'));
    expect(api_.puts).toHaveLength(0);

    await click(buttonWithText('Save access'));
    await click(await screen.findByText('Turn it on').then((el) => el.closest('button')!));
    await waitFor(() => expect(api_.puts).toEqual([{ maintenanceMode: true }]));
    // The console follows at once: the store (which drives the maintenance banner) is refreshed.
    await waitFor(() => expect(store.getState().settings.maintenanceMode).toBe(true));
    expect(await screen.findByText('Maintenance mode is on: visitors see the maintenance screen.')).toBeInTheDocument();

    // Turning it off needs no question.
    fireEvent.click(screen.getByLabelText('Maintenance mode'));
    await click(buttonWithText('Save access'));
    await waitFor(() => expect(api_.puts).toEqual([{ maintenanceMode: true }, { maintenanceMode: false }]));
  });

  it('lets an operator turn reCAPTCHA on with a site key, checking the key first', async () => {
    mockRouter({ group: 'access' }, '/admin/settings');
    const stored = defaults();
    const api_ = serve(stored);
    renderPage(<AdminSettingsPage />, admin);
    const key = await screen.findByLabelText('reCAPTCHA site key (v2 checkbox)');
    fireEvent.click(screen.getByLabelText('reCAPTCHA'));
    type(key, 'not a key');
    await click(buttonWithText('Save access'));
    expect(await screen.findByText('A site key is 20 to 100 letters, digits, - or _')).toBeInTheDocument();
    expect(api_.puts).toHaveLength(0);
    type(key, '6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI');
    await click(buttonWithText('Save access'));
    await waitFor(() => expect(api_.puts).toEqual([{ reCaptchaEnabled: true, reCaptchaSiteKey: '6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI' }]));
  });
});

describe('/admin/settings, Payments & prices', () => {
  it('checks min ≤ max and bounds before sending, and sends the commission as a share', async () => {
    mockRouter({ group: 'payments' }, '/admin/settings');
    const api_ = serve(defaults());
    renderPage(<AdminSettingsPage />, admin);
    const minTip = await screen.findByLabelText('Tip: minimum (tokens)');
    const commission = screen.getByLabelText('Platform commission');
    expect(commission).toHaveValue('20');

    type(minTip, '20000');
    type(commission, '95');
    await click(buttonWithText('Save payments & prices'));
    expect(await screen.findByText('Minimum tip must not exceed the maximum')).toBeInTheDocument();
    expect(screen.getByText('Commission must be between 0 and 90')).toBeInTheDocument();
    expect(api_.puts).toHaveLength(0);

    type(minTip, '12.5');
    type(commission, '25.5');
    await click(buttonWithText('Save payments & prices'));
    await waitFor(() => expect(api_.puts).toEqual([{ minimumTipPrice: 12.5, performerCommission: 0.255 }]));
  });
});
