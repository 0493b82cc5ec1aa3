import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { AdminContentItem } from '@/common/contract/admin-content';
import { AdminContentPage } from '@/client/features/admin-moderation/components/admin-content-page';
import { toast } from '@/client/lib/toast';
import { api, installMswServer, server, serveSignedInBasics } from '../../../support/msw';
import { buttonWithText } from '../../../support/queries';
import { desktopWindow, installMatchMedia } from '../../components/match-media';
import { lastPushedQuery, mockRouter, renderPage } from '../discovery/render-page';
import { admin, makeItem, person } from './moderation-fixtures';

jest.mock('next/router', () => ({ useRouter: jest.fn() }));
jest.setTimeout(120_000);
installMswServer();

let success: jest.SpyInstance;
let failure: jest.SpyInstance;
beforeEach(() => {
  installMatchMedia();
  success = jest.spyOn(toast, 'success').mockImplementation(() => undefined);
  failure = jest.spyOn(toast, 'error').mockImplementation(() => undefined);
  serveSignedInBasics();
});
afterEach(() => jest.restoreAllMocks());

function serve(items: AdminContentItem[] | 'error') {
  const queries: Record<string, string>[] = [];
  const writes: { action: string; type: string; id: string; body: unknown }[] = [];
  server.use(
    http.get(api('/admin/content'), ({ request }) => {
      queries.push(Object.fromEntries(new URL(request.url).searchParams));
      if (items === 'error') return HttpResponse.json({ statusCode: 500, error: 'Internal Server Error', message: 'Search is down' }, { status: 500 });
      return HttpResponse.json({ data: { data: items, total: items.length } });
    }),
    http.post(api('/admin/content/:type/:id/:action'), async ({ params, request }) => {
      const text = await request.text();
      writes.push({ action: String(params.action), type: String(params.type), id: String(params.id), body: text ? JSON.parse(text) : null });
      if (params.id === 'taken') return HttpResponse.json({ statusCode: 409, error: 'Conflict', message: 'This post is already hidden' }, { status: 409 });
      return HttpResponse.json({ data: items === 'error' ? null : items[0] });
    }),
  );
  return { queries, writes };
}

describe('/admin/content', () => {
  it('lists posts by default with creator, state, counts and a link, with the hidden ones tagged with their reason', async () => {
    mockRouter({}, '/admin/content');
    const { queries } = serve([
      makeItem({ title: 'Morning light', access: 'sale', price: 4.5 }),
      makeItem({ title: 'Old post', isHidden: true, hiddenReason: 'Spam links', hiddenAt: '2026-03-02T00:00:00.000Z' }),
    ]);
    renderPage(<AdminContentPage />, admin);
    const list = await screen.findByRole('list', { name: 'Posts' });
    expect(queries[0]).toMatchObject({ type: 'feed', sortBy: 'createdAt', sort: 'desc', offset: '0', limit: '20' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first).getByText('Morning light')).toHaveAttribute('href', expect.stringMatching(/^\/post\//));
    expect(within(first).getByText('4.50 tokens')).toBeInTheDocument();
    expect(within(first).getByText('3 likes · 2 comments')).toBeInTheDocument();
    expect(within(first).getByText('Hide')).toBeInTheDocument();
    expect(within(second).getByText('Hidden by the moderators: Spam links')).toBeInTheDocument();
    expect(within(second).getByText('Unhide')).toBeInTheDocument();
  });

  it('keeps the kind, the words and the hidden filter in the query string', async () => {
    const push = mockRouter({ type: 'comment', q: 'rude', hidden: 'true' }, '/admin/content');
    const { queries } = serve([makeItem({ type: 'comment', title: 'You are rude', creator: person('Finn'), status: null, access: null, on: { type: 'video', id: 'v1', path: '/video/v1', title: 'Beach day' }, path: '/video/v1' })]);
    renderPage(<AdminContentPage />, admin);
    expect(await screen.findByText('On: Beach day')).toBeInTheDocument();
    expect(queries[0]).toMatchObject({ type: 'comment', q: 'rude', hidden: 'true' });
    expect(screen.getByText('You are rude')).toHaveAttribute('href', '/video/v1');
    await act(async () => { fireEvent.click(screen.getByRole('tab', { name: 'Videos' })); });
    expect(lastPushedQuery(push)).toMatchObject({ type: 'video', q: 'rude', hidden: 'true' });
    await act(async () => { fireEvent.click(screen.getByText('Visible')); });
    expect(lastPushedQuery(push)).toMatchObject({ hidden: 'false' });
    await act(async () => { fireEvent.click(screen.getByText('All')); });
    expect(lastPushedQuery(push).hidden).toBeUndefined();
    const search = screen.getByLabelText('Search content');
    fireEvent.change(search, { target: { value: 'beach ' } });
    await act(async () => { fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 }); });
    expect(lastPushedQuery(push)).toMatchObject({ q: 'beach' });
  });

  it('says when there is nothing of a kind', async () => {
    mockRouter({ type: 'product' }, '/admin/content');
    serve([]);
    renderPage(<AdminContentPage />, admin);
    expect(await screen.findByText('No products yet.')).toBeInTheDocument();
  });

  it('shows the error with a retry', async () => {
    mockRouter({}, '/admin/content');
    const { queries } = serve('error');
    renderPage(<AdminContentPage />, admin);
    expect(await screen.findByText('Search is down')).toBeInTheDocument();
    await act(async () => { fireEvent.click(buttonWithText('Try again')); });
    await waitFor(() => expect(queries.length).toBeGreaterThanOrEqual(2));
  });

  it('hides only with a reason, saying what hiding does, then reloads the list', async () => {
    desktopWindow();
    mockRouter({}, '/admin/content');
    const item = makeItem({ title: 'Borrowed photos' });
    const { writes, queries } = serve([item]);
    renderPage(<AdminContentPage />, admin);
    const table = await screen.findByRole('table');
    await act(async () => { fireEvent.click(buttonWithText('Hide', table)); });
    const dialog = (await screen.findByText('Hide this post?')).closest('.ant-modal') as HTMLElement;
    expect(within(dialog).getByText(/Only its creator and operators will see it/)).toBeInTheDocument();
    expect(within(dialog).getByText(/is emailed your reason/)).toBeInTheDocument();
    const submit = buttonWithText('Hide', dialog.querySelector('.ant-modal-footer') as HTMLElement);
    expect(submit).toBeDisabled();
    fireEvent.change(within(dialog).getByLabelText('Reason (its creator is told it)'), { target: { value: ' Not your photos ' } });
    await act(async () => { fireEvent.click(submit); });
    await waitFor(() => expect(writes).toEqual([{ action: 'hide', type: 'feed', id: item._id, body: { reason: 'Not your photos' } }]));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Hidden: the creator is emailed the reason'));
    await waitFor(() => expect(queries.length).toBeGreaterThanOrEqual(2));
  });

  it('unhides after a confirmation, and shows a refusal in the dialog', async () => {
    mockRouter({}, '/admin/content');
    const hidden = makeItem({ title: 'Back soon', isHidden: true, hiddenReason: 'Checking' });
    const { writes } = serve([hidden, makeItem({ _id: 'taken', title: 'Raced' })]);
    renderPage(<AdminContentPage />, admin);
    const [first, second] = within(await screen.findByRole('list', { name: 'Posts' })).getAllByRole('listitem');
    await act(async () => { fireEvent.click(buttonWithText('Unhide', first)); });
    const confirm = (await screen.findByText('Show it again?')).closest('.ant-popover') as HTMLElement;
    expect(within(confirm).getByText(/its creator is emailed/)).toBeInTheDocument();
    expect(writes).toHaveLength(0);
    await act(async () => { fireEvent.click(buttonWithText('Unhide', confirm)); });
    await waitFor(() => expect(writes).toEqual([{ action: 'unhide', type: 'feed', id: hidden._id, body: null }]));
    await waitFor(() => expect(success).toHaveBeenCalled());

    await act(async () => { fireEvent.click(buttonWithText('Hide', second)); });
    const dialog = (await screen.findByText('Hide this post?')).closest('.ant-modal') as HTMLElement;
    fireEvent.change(within(dialog).getByLabelText('Reason (its creator is told it)'), { target: { value: 'Spam' } });
    await act(async () => { fireEvent.click(buttonWithText('Hide', dialog.querySelector('.ant-modal-footer') as HTMLElement)); });
    expect(await within(dialog).findByText('This post is already hidden')).toBeInTheDocument();
    expect(failure).not.toHaveBeenCalled();
  });
});
