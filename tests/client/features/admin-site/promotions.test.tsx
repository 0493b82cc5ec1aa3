import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { SitePromo } from '@/common/contract/site-promos';
import { PromotionsPage } from '@/client/features/admin-site/promotions/promotions-page';
import { toast } from '@/client/lib/toast';
import { api, installMswServer, server, serveSignedInBasics } from '../../../support/msw';
import { buttonWithText } from '../../../support/queries';
import { makeFile } from '../../fixtures';
import { desktopWindow, installMatchMedia } from '../../components/match-media';
import { mockRouter, renderPage } from '../discovery/render-page';
import { admin, bodyOf, drawer, openDrawer } from './console-kit';

jest.mock('next/router', () => ({ useRouter: jest.fn() }));
// Whole antd forms in a drawer under jsdom: several seconds a test on a busy machine.
jest.setTimeout(180_000);
installMswServer();

const promo = (overrides: Partial<SitePromo> = {}): SitePromo => ({
  _id: '00000000-0000-4000-8000-000000000001', title: 'Spring sale', description: '', imageUrl: 'http://api.test/files/public/promos/a.jpg',
  href: '/creator', position: 'landing', ordering: 1, active: true, startsAt: null, endsAt: null, ...overrides,
});

interface Sent { method: string; url: string; body: unknown }

function serve(rows: SitePromo[], answer?: (req: Request) => Response | undefined) {
  const sent: Sent[] = [];
  const record = async (request: Request) => {
    sent.push({ method: request.method, url: new URL(request.url).pathname, body: await bodyOf(request) });
  };
  server.use(
    http.get(api('/admin/site-promos'), () => HttpResponse.json({ data: { data: rows, total: rows.length } })),
    http.post(api('/admin/site-promos'), async ({ request }) => {
      const custom = answer?.(request.clone());
      await record(request);
      return custom ?? HttpResponse.json({ data: promo({ _id: '00000000-0000-4000-8000-000000000009' }) });
    }),
    http.put(api('/admin/site-promos/:id'), async ({ request }) => {
      await record(request);
      return HttpResponse.json({ data: promo() });
    }),
    http.put(api('/admin/site-promos/:id/image'), async ({ request }) => {
      await record(request);
      return HttpResponse.json({ data: promo() });
    }),
    http.delete(api('/admin/site-promos/:id'), async ({ request }) => {
      await record(request);
      return HttpResponse.json({ data: { success: true } });
    }),
  );
  return sent;
}

let success: jest.SpyInstance;
beforeEach(() => {
  desktopWindow();
  mockRouter({}, '/admin/promotions');
  serveSignedInBasics();
  success = jest.spyOn(toast, 'success').mockImplementation(() => undefined);
  jest.spyOn(toast, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

const pickImage = async (name = 'banner.png', type = 'image/png') => {
  const input = drawer().querySelector('input[type="file"]') as HTMLInputElement;
  await act(async () => { fireEvent.change(input, { target: { files: [makeFile('png-bytes', name, type)] } }); });
};

describe('/admin/promotions', () => {
  it('lists promotions with their state and link', async () => {
    serve([promo(), promo({ _id: '00000000-0000-4000-8000-000000000002', title: 'Later', active: true, startsAt: '2999-01-01T00:00:00.000Z' })]);
    renderPage(<PromotionsPage />, admin);
    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getByText('Spring sale')).toBeInTheDocument());
    expect(within(table).getByText('Live')).toBeInTheDocument();
    expect(within(table).getByText('Scheduled')).toBeInTheDocument();
    expect(within(table).getAllByText('/creator')).toHaveLength(2);
  });

  it('checks the form before sending: image, title and link', async () => {
    const sent = serve([]);
    renderPage(<PromotionsPage />, admin);
    await openDrawer(buttonWithText('New promotion'));
    fireEvent.change(within(drawer()).getByLabelText(/^Link/), { target: { value: 'javascript:alert(1)' } });
    await act(async () => { fireEvent.click(buttonWithText('Create promotion')); });
    expect(await within(drawer()).findByText('Choose a banner image')).toBeInTheDocument();
    expect(within(drawer()).getByText('Give the promotion a title')).toBeInTheDocument();
    expect(within(drawer()).getByText('Use a site path such as /creator or an http(s) address')).toBeInTheDocument();
    // A picked file that is not an image is refused on the spot.
    await pickImage('notes.txt', 'text/plain');
    expect(toast.error).toHaveBeenCalledWith('Please choose a JPEG, PNG, WebP or GIF image');
    expect(sent).toEqual([]);
  });

  it('creates a promotion in one multipart request with the banner, then reloads', async () => {
    const sent = serve([]);
    renderPage(<PromotionsPage />, admin);
    await openDrawer(buttonWithText('New promotion'));
    await pickImage();
    expect(await within(drawer()).findByAltText('Preview')).toBeInTheDocument();
    fireEvent.change(within(drawer()).getByLabelText('Title'), { target: { value: '  Summer  ' } });
    fireEvent.change(within(drawer()).getByLabelText(/^Link/), { target: { value: 'https://example.com/summer' } });
    await act(async () => { fireEvent.click(buttonWithText('Create promotion')); });
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: 'POST', url: '/admin/site-promos',
      body: { title: 'Summer', description: '', href: 'https://example.com/summer', position: 'landing', ordering: '0', active: 'true', image: 'file:banner.png' },
    });
    await waitFor(() => expect(success).toHaveBeenCalledWith('Changes saved'));
  });

  it('shows the server’s field problems under their fields', async () => {
    serve([], () => HttpResponse.json(
      { statusCode: 400, error: 'Bad Request', message: 'href must be a site path', details: [{ field: 'href', message: 'must be a site path (/creator) or an http(s) URL' }] },
      { status: 400 },
    ));
    renderPage(<PromotionsPage />, admin);
    await openDrawer(buttonWithText('New promotion'));
    await pickImage();
    fireEvent.change(within(drawer()).getByLabelText('Title'), { target: { value: 'Summer' } });
    await act(async () => { fireEvent.click(buttonWithText('Create promotion')); });
    expect(await within(drawer()).findByText('Must be a site path (/creator) or an http(s) URL')).toBeInTheDocument();
    expect(success).not.toHaveBeenCalled();
  });

  it('edits only the changed fields, and replaces the banner when a new one is picked', async () => {
    const sent = serve([promo()]);
    renderPage(<PromotionsPage />, admin);
    await openDrawer(await screen.findByLabelText('Edit Spring sale'));
    const title = within(drawer()).getByLabelText('Title');
    await waitFor(() => expect(title).toHaveValue('Spring sale'));
    fireEvent.change(title, { target: { value: 'Spring sale, 30% off' } });
    await pickImage('new.png');
    await act(async () => { fireEvent.click(buttonWithText('Save changes')); });
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent).toEqual([
      { method: 'PUT', url: '/admin/site-promos/00000000-0000-4000-8000-000000000001', body: { title: 'Spring sale, 30% off' } },
      { method: 'PUT', url: '/admin/site-promos/00000000-0000-4000-8000-000000000001/image', body: { image: 'file:new.png' } },
    ]);
  });

  it('switches a promotion off from the list, and deletes after a confirmation naming it', async () => {
    const sent = serve([promo()]);
    renderPage(<PromotionsPage />, admin);
    await act(async () => { fireEvent.click(await screen.findByLabelText('Switch off Spring sale')); });
    await waitFor(() => expect(sent).toEqual([{ method: 'PUT', url: '/admin/site-promos/00000000-0000-4000-8000-000000000001', body: { active: false } }]));

    await act(async () => { fireEvent.click(screen.getByLabelText('Delete Spring sale')); });
    expect(await screen.findByText('Delete the promotion “Spring sale”?')).toBeInTheDocument();
    expect(screen.getByText(/disappears from the site at once/)).toBeInTheDocument();
    await act(async () => { fireEvent.click(buttonWithText('Delete', document.querySelector('.ant-popconfirm') as HTMLElement)); });
    await waitFor(() => expect(sent.at(-1)).toEqual({ method: 'DELETE', url: '/admin/site-promos/00000000-0000-4000-8000-000000000001', body: null }));
  });

  it('is a card per promotion on a phone, switched on and off in place', async () => {
    installMatchMedia();
    const sent = serve([promo()]);
    renderPage(<PromotionsPage />, admin);
    const card = within(await screen.findByRole('listitem', { name: 'Spring sale' }));
    expect(card.getByText('Live')).toBeInTheDocument();
    expect(card.getByText('/creator')).toBeInTheDocument();
    expect(card.getByText('Landing page (visitors) · order 1 · Always')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    await act(async () => { fireEvent.click(card.getByLabelText('Switch off Spring sale')); });
    await waitFor(() => expect(sent).toEqual([{ method: 'PUT', url: '/admin/site-promos/00000000-0000-4000-8000-000000000001', body: { active: false } }]));
  });
});
