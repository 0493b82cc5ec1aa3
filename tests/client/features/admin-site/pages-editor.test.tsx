import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Post } from '@/common/contract/posts';
import { PagesPage } from '@/client/features/admin-site/pages/pages-page';
import { slugFromTitle } from '@/client/features/admin-site/pages/page-values';
import { applyFormat } from '@/client/components/rich-text-markup';
import { toast } from '@/client/lib/toast';
import { api, installMswServer, server, serveSignedInBasics } from '../../../support/msw';
import { buttonWithText } from '../../../support/queries';
import { desktopWindow, installMatchMedia } from '../../components/match-media';
import { lastPushedQuery, mockRouter, renderPage } from '../discovery/render-page';
import { admin, bodyOf, drawer, openDrawer } from './console-kit';

jest.mock('next/router', () => ({ useRouter: jest.fn() }));
jest.setTimeout(180_000);
installMswServer();

const post = (overrides: Partial<Post> = {}): Post => ({
  _id: '00000000-0000-4000-8000-000000000001', slug: 'about', title: 'About us', ordering: 1, content: '<p>Hello</p>', status: 'published',
  createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-02T00:00:00.000Z', ...overrides,
});

function serve(rows: Post[], answer?: () => Response | undefined) {
  const sent: { method: string; url: string; body: unknown }[] = [];
  const queries: Record<string, string>[] = [];
  const record = async (request: Request) => sent.push({ method: request.method, url: new URL(request.url).pathname, body: await bodyOf(request) });
  server.use(
    http.get(api('/admin/posts'), ({ request }) => {
      queries.push(Object.fromEntries(new URL(request.url).searchParams));
      return HttpResponse.json({ data: { data: rows, total: rows.length } });
    }),
    http.post(api('/admin/posts'), async ({ request }) => {
      await record(request);
      return answer?.() ?? HttpResponse.json({ data: post() });
    }),
    http.put(api('/admin/posts/:id'), async ({ request }) => {
      await record(request);
      return HttpResponse.json({ data: post() });
    }),
    http.delete(api('/admin/posts/:id'), async ({ request }) => {
      await record(request);
      return HttpResponse.json({ data: { success: true } });
    }),
  );
  return { sent, queries };
}

beforeEach(() => {
  desktopWindow();
  serveSignedInBasics();
  jest.spyOn(toast, 'success').mockImplementation(() => undefined);
  jest.spyOn(toast, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('slugs and markup helpers', () => {
  it('suggests a slug the server accepts', () => {
    expect(slugFromTitle('Shipping & Returns')).toBe('shipping-returns');
    expect(slugFromTitle('  Über uns – FAQ! ')).toBe('uber-uns-faq');
    expect(slugFromTitle('a'.repeat(59) + ' b')).toBe('a'.repeat(59));
    expect(slugFromTitle('¿?')).toBe('');
  });

  it('wraps the selection in the allowed tags', () => {
    expect(applyFormat('Hello world', 6, 11, 'bold')).toEqual({ text: 'Hello <b>world</b>', start: 9, end: 14 });
    expect(applyFormat('one\ntwo', 0, 7, 'list').text).toBe('<ul>\n  <li>one</li>\n  <li>two</li>\n</ul>');
    expect(applyFormat('one\n\ntwo', 0, 8, 'paragraph').text).toBe('<p>one</p>\n<p>two</p>');
    const link = applyFormat('see docs', 4, 8, 'link');
    expect(link.text).toBe('see <a href="https://">docs</a>');
    expect(link.text.slice(link.start, link.end)).toBe('https://');
  });
});

describe('/admin/pages', () => {
  it('lists pages with status, a link to view each, and filters in the query string', async () => {
    const push = mockRouter({}, '/admin/pages');
    const { queries } = serve([post(), post({ _id: '00000000-0000-4000-8000-000000000002', slug: 'rules', title: 'House rules', status: 'draft' })]);
    renderPage(<PagesPage />, admin);
    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getByText('House rules')).toBeInTheDocument());
    expect(within(table).getByText('Draft')).toBeInTheDocument();
    // Links that open the page in a new tab (drafts: operators see them).
    expect(within(table).getByText('View').closest('a')).toHaveAttribute('href', '/page/about');
    expect(within(table).getByText('Preview').closest('a')).toHaveAttribute('href', '/page/rules');
    expect(within(table).getByText('Preview').closest('a')).toHaveAttribute('target', '_blank');
    expect(queries[0]).toEqual({ offset: '0', limit: '10' });

    fireEvent.click(screen.getByText('Drafts'));
    expect(lastPushedQuery(push)).toEqual({ status: 'draft' });
    fireEvent.change(screen.getByLabelText('Search titles'), { target: { value: ' rules ' } });
    fireEvent.keyDown(screen.getByLabelText('Search titles'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(lastPushedQuery(push)).toMatchObject({ q: 'rules' });
  });

  it('creates a page: the slug follows the title and is checked, the content is previewed sanitised', async () => {
    mockRouter({}, '/admin/pages');
    const { sent } = serve([]);
    renderPage(<PagesPage />, admin);
    await openDrawer(buttonWithText('New page'));
    const title = within(drawer()).getByLabelText('Title');
    const slug = within(drawer()).getByLabelText(/^Address/) as HTMLInputElement;
    fireEvent.change(title, { target: { value: 'Shipping & Returns' } });
    await waitFor(() => expect(slug).toHaveValue('shipping-returns'));

    fireEvent.change(slug, { target: { value: 'Bad Slug' } });
    await act(async () => { fireEvent.click(buttonWithText('Create page')); });
    expect(await within(drawer()).findByText('Slug must be 1 to 60 lower-case letters, digits or hyphens')).toBeInTheDocument();
    // Typed by hand: the title no longer changes it.
    fireEvent.change(slug, { target: { value: 'returns' } });
    fireEvent.change(title, { target: { value: 'Returns policy' } });
    expect(slug).toHaveValue('returns');

    const content = drawer().querySelector('textarea') as HTMLTextAreaElement;
    fireEvent.change(content, { target: { value: 'Send it back<script>alert(1)</script>' } });
    content.setSelectionRange(0, 12);
    await act(async () => { fireEvent.click(within(drawer()).getByLabelText('Bold')); });
    await waitFor(() => expect(content).toHaveValue('<b>Send it back</b><script>alert(1)</script>'));
    fireEvent.click(within(drawer()).getByText('Preview'));
    const preview = await within(drawer()).findByRole('region', { name: 'Preview' });
    await waitFor(() => expect(preview.querySelector('b')).toHaveTextContent('Send it back'));
    expect(preview.querySelector('script')).toBeNull();

    await act(async () => { fireEvent.click(buttonWithText('Create page')); });
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: 'POST', url: '/admin/posts',
      body: { title: 'Returns policy', slug: 'returns', content: '<b>Send it back</b><script>alert(1)</script>', status: 'draft', ordering: 0 },
    });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Changes saved'));
  });

  it('shows a taken slug under the address field', async () => {
    mockRouter({}, '/admin/pages');
    serve([], () => HttpResponse.json(
      { statusCode: 409, error: 'Conflict', message: 'This slug is already used by another page', details: [{ field: 'slug', message: 'This slug is already used by another page' }] },
      { status: 409 },
    ));
    renderPage(<PagesPage />, admin);
    await openDrawer(buttonWithText('New page'));
    fireEvent.change(within(drawer()).getByLabelText('Title'), { target: { value: 'About' } });
    await act(async () => { fireEvent.click(buttonWithText('Create page')); });
    expect(await within(drawer()).findByText('This slug is already used by another page')).toBeInTheDocument();
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('sends only what an edit changed, and deletes after a confirmation naming the page', async () => {
    mockRouter({}, '/admin/pages');
    const { sent } = serve([post()]);
    renderPage(<PagesPage />, admin);
    await openDrawer(await screen.findByLabelText('Edit About us'));
    await waitFor(() => expect(within(drawer()).getByLabelText('Title')).toHaveValue('About us'));
    fireEvent.click(within(drawer()).getByText('Draft'));
    await act(async () => { fireEvent.click(buttonWithText('Save changes')); });
    await waitFor(() => expect(sent).toEqual([{ method: 'PUT', url: '/admin/posts/00000000-0000-4000-8000-000000000001', body: { status: 'draft' } }]));

    await act(async () => { fireEvent.click(screen.getByLabelText('Delete About us')); });
    expect(await screen.findByText('Delete the page “About us”?')).toBeInTheDocument();
    expect(screen.getByText(/\/page\/about will answer “not found”/)).toBeInTheDocument();
    await act(async () => { fireEvent.click(buttonWithText('Delete', document.querySelector('.ant-popconfirm') as HTMLElement)); });
    await waitFor(() => expect(sent.at(-1)).toEqual({ method: 'DELETE', url: '/admin/posts/00000000-0000-4000-8000-000000000001', body: null }));
  });

  it('is a card per page on a phone, with the same links and actions', async () => {
    installMatchMedia();
    mockRouter({}, '/admin/pages');
    serve([post({ status: 'draft' })]);
    renderPage(<PagesPage />, admin);
    const card = within(await screen.findByRole('listitem', { name: 'About us' }));
    expect(card.getByText('/page/about')).toBeInTheDocument();
    expect(card.getByText('Draft')).toBeInTheDocument();
    expect(card.getByText('Preview').closest('a')).toHaveAttribute('href', '/page/about');
    expect(card.getByLabelText('Edit About us')).toBeInTheDocument();
    expect(card.getByLabelText('Delete About us')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
