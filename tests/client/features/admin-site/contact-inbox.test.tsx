import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ContactMessage, ContactStatus } from '@/common/contract/contact';
import { ContactMessagesPage } from '@/client/features/admin-site/contact/contact-messages-page';
import { replyHref } from '@/client/features/admin-site/contact/contact-inbox.api';
import { toast } from '@/client/lib/toast';
import { api, installMswServer, server, serveSignedInBasics } from '../../../support/msw';
import { buttonWithText } from '../../../support/queries';
import { desktopWindow, installMatchMedia } from '../../components/match-media';
import { lastPushedQuery, mockRouter, renderPage } from '../discovery/render-page';
import { admin, drawer } from './console-kit';

jest.mock('next/router', () => ({ useRouter: jest.fn() }));
jest.setTimeout(180_000);
installMswServer();

const ID = '00000000-0000-4000-8000-000000000001';
const message = (overrides: Partial<ContactMessage> = {}): ContactMessage => ({
  _id: ID, name: 'Ana Bell', email: 'ana@example.com', subject: 'Charged twice', message: 'Hello,\nI was charged twice.',
  status: 'new', userId: 'u7', username: 'ana', ip: '203.0.113.5', readAt: null, repliedAt: null, createdAt: new Date().toISOString(), ...overrides,
});

function serve(rows: ContactMessage[]) {
  const changes: ContactStatus[] = [];
  const queries: Record<string, string>[] = [];
  server.use(
    http.get(api('/admin/contact-messages'), ({ request }) => {
      queries.push(Object.fromEntries(new URL(request.url).searchParams));
      return HttpResponse.json({ data: { data: rows, total: rows.length } });
    }),
    http.put(api('/admin/contact-messages/:id'), async ({ request }) => {
      const { status } = (await request.json()) as { status: ContactStatus };
      changes.push(status);
      return HttpResponse.json({ data: message({ status, readAt: status === 'new' ? null : new Date().toISOString(), repliedAt: status === 'replied' ? new Date().toISOString() : null }) });
    }),
    http.get(api('/admin/stats/queues'), () => HttpResponse.json({ data: { pendingVerifications: 0, openReports: 0, pendingPayouts: 0, newContactMessages: 0, failedMediaJobs: 0 } })),
  );
  return { changes, queries };
}

beforeEach(() => {
  desktopWindow();
  serveSignedInBasics();
  jest.spyOn(toast, 'success').mockImplementation(() => undefined);
  jest.spyOn(toast, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('/admin/contact-messages', () => {
  it('opens a message, which marks it read without a toast', async () => {
    mockRouter({}, '/admin/contact-messages');
    const { changes } = serve([message()]);
    renderPage(<ContactMessagesPage />, admin);
    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getByText('Charged twice')).toBeInTheDocument());
    expect(within(table).getByText('New')).toBeInTheDocument();

    await act(async () => { fireEvent.click(within(table).getByText('Charged twice')); });
    await waitFor(() => expect(drawer()).not.toBeNull());
    expect(within(drawer()).getByText(/I was charged twice\./)).toBeInTheDocument();
    expect(within(drawer()).getByText('@ana').closest('a')).toHaveAttribute('href', '/admin/users/u7');
    await waitFor(() => expect(changes).toEqual(['read']));
    await waitFor(() => expect(within(drawer()).getByText('Read')).toBeInTheDocument());
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('replies by email (a mailto link) and marks the message replied, then unread again', async () => {
    mockRouter({}, '/admin/contact-messages');
    const { changes } = serve([message({ status: 'read', readAt: new Date().toISOString() })]);
    renderPage(<ContactMessagesPage />, admin);
    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getByText('Charged twice')).toBeInTheDocument());
    await act(async () => { fireEvent.click(within(table).getByText('Charged twice')); });
    await waitFor(() => expect(drawer()).not.toBeNull());
    expect(changes).toEqual([]);

    const reply = within(drawer()).getByText('Reply by email').closest('a') as HTMLAnchorElement;
    expect(reply).toHaveAttribute('href', replyHref(message()));
    expect(reply.getAttribute('href')).toMatch(/^mailto:ana@example\.com\?subject=Re%3A%20Charged%20twice&body=Hi%20Ana%20Bell%2C/);
    // jsdom cannot follow a mailto: link; the click still runs the handler.
    reply.addEventListener('click', (e) => e.preventDefault());
    await act(async () => { fireEvent.click(reply); });
    await waitFor(() => expect(changes).toEqual(['replied']));
    await waitFor(() => expect(screen.getByText('Mark not replied')).toBeInTheDocument());

    await act(async () => { fireEvent.click(buttonWithText('Mark unread')); });
    await waitFor(() => expect(changes).toEqual(['replied', 'new']));
    expect(toast.success).toHaveBeenCalledWith('Marked unread');
  });

  it('keeps the status filter and the search in the query string', async () => {
    const push = mockRouter({ status: 'new' }, '/admin/contact-messages');
    const { queries } = serve([]);
    renderPage(<ContactMessagesPage />, admin);
    expect(await screen.findByText('No new messages.')).toBeInTheDocument();
    expect(queries[0]).toEqual({ offset: '0', limit: '20', status: 'new' });
    fireEvent.click(screen.getByText('Replied'));
    expect(lastPushedQuery(push)).toEqual({ status: 'replied' });
    fireEvent.change(screen.getByLabelText('Search messages'), { target: { value: 'refund' } });
    fireEvent.keyDown(screen.getByLabelText('Search messages'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(lastPushedQuery(push)).toEqual({ status: 'new', q: 'refund' });
  });

  it('is a card per message on a phone; its subject opens the message', async () => {
    installMatchMedia();
    mockRouter({}, '/admin/contact-messages');
    const { changes } = serve([message()]);
    renderPage(<ContactMessagesPage />, admin);
    const card = within(await screen.findByRole('listitem', { name: 'Charged twice' }));
    expect(card.getByText('New')).toBeInTheDocument();
    expect(card.getByText('Ana Bell · ana@example.com')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    await act(async () => { fireEvent.click(card.getByText('Charged twice')); });
    await waitFor(() => expect(drawer()).not.toBeNull());
    await waitFor(() => expect(changes).toEqual(['read']));
  });
});
