import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import dayjs from 'dayjs';
import { AUDIT_ACTIONS, type AuditEntry } from '@/common/contract/audit';
import { AuditLogPage } from '@/client/features/admin-audit/audit-log-page';
import { auditDiff } from '@/client/features/admin-audit/audit-diff';
import { auditQueryOf } from '@/client/features/admin-audit/audit-filters';
import { actionLabel } from '@/client/features/admin-audit/audit-labels';
import { api, installMswServer, server, serveSignedInBasics } from '../../../support/msw';
import { desktopWindow, installMatchMedia } from '../../components/match-media';
import { lastPushedQuery, mockRouter, renderPage } from '../discovery/render-page';
import { admin } from '../admin-site/console-kit';

jest.mock('next/router', () => ({ useRouter: jest.fn() }));
jest.setTimeout(180_000);
installMswServer();

const OPS = '00000000-0000-4000-8000-0000000000a1';
const entry = (overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  _id: 'e1', actorId: OPS, actorUsername: 'ops', action: 'promo.update', targetType: 'promo', targetId: 'p-1',
  before: { title: 'Spring', active: true, href: '/creator' }, after: { title: 'Summer', active: true, href: '/creator' },
  ip: '203.0.113.9', createdAt: '2026-03-04T10:00:00.000Z', ...overrides,
});

function serve(rows: AuditEntry[]) {
  const queries: Record<string, string>[] = [];
  server.use(
    http.get(api('/admin/audit-log'), ({ request }) => {
      queries.push(Object.fromEntries(new URL(request.url).searchParams));
      return HttpResponse.json({ data: { data: rows, total: rows.length } });
    }),
    http.get(api('/admin/audit-log/operators'), () => HttpResponse.json({ data: [{ _id: OPS, username: 'ops', name: 'Ops One' }] })),
  );
  return queries;
}

beforeEach(() => {
  desktopWindow();
  serveSignedInBasics();
});

describe('audit helpers', () => {
  it('marks the changed fields of a row, and handles created and removed rows', () => {
    expect(auditDiff({ a: 1, b: 'x' }, { a: 1, b: 'y', c: null })).toEqual([
      { key: 'a', before: 1, after: 1, hasBefore: true, hasAfter: true, changed: false },
      { key: 'b', before: 'x', after: 'y', hasBefore: true, hasAfter: true, changed: true },
      { key: 'c', before: undefined, after: null, hasBefore: false, hasAfter: true, changed: true },
    ]);
    expect(auditDiff(null, { title: 'New' })).toEqual([{ key: 'title', before: undefined, after: 'New', hasBefore: false, hasAfter: true, changed: true }]);
    expect(auditDiff(null, null)).toEqual([]);
    expect(auditDiff(3, 4)).toEqual([{ key: 'value', before: 3, after: 4, hasBefore: true, hasAfter: true, changed: true }]);
  });

  it('gives every verb a readable label', () => {
    for (const action of AUDIT_ACTIONS) expect(actionLabel(action)).not.toBe('');
    expect(actionLabel('promo.delete')).toBe('Promotion deleted');
    expect(actionLabel('coupon.deactivate')).toBe('Coupon deactivate');
  });

  it('turns the URL into the API query, dropping what the API would refuse', () => {
    const page = { offset: 0, limit: 20 };
    expect(auditQueryOf({ actorId: 'nope', action: 'bogus', from: '2026-02-31', to: 'yesterday' }, page)).toEqual(page);
    expect(auditQueryOf({ targetType: 'user', targetId: 'u-1', action: 'user.suspend', actorId: OPS }, page)).toEqual({
      ...page, targetType: 'user', targetId: 'u-1', action: 'user.suspend', actorId: OPS,
    });
    const days = auditQueryOf({ from: '2026-03-01', to: '2026-03-02' }, page);
    expect(days.from).toBe(dayjs('2026-03-01').startOf('day').toISOString());
    expect(days.to).toBe(dayjs('2026-03-02').endOf('day').toISOString());
    // A range the wrong way round keeps only its start.
    expect(auditQueryOf({ from: '2026-03-02', to: '2026-03-01' }, page).to).toBeUndefined();
  });
});

describe('/admin/audit-log', () => {
  it('honours a target given in the URL by another page', async () => {
    mockRouter({ targetType: 'user', targetId: 'u-42' }, '/admin/audit-log');
    const queries = serve([entry({ action: 'user.suspend', targetType: 'user', targetId: 'u-42', before: { status: 'active' }, after: { status: 'suspended' } })]);
    renderPage(<AuditLogPage />, admin);
    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getByText('Account suspended')).toBeInTheDocument());
    expect(queries[0]).toEqual({ offset: '0', limit: '20', targetType: 'user', targetId: 'u-42' });
    expect(screen.getByLabelText('Target id')).toHaveValue('u-42');
    expect(screen.getByText('Clear filters')).toBeInTheDocument();
  });

  it('writes the operator, action and target into the query string', async () => {
    const push = mockRouter({}, '/admin/audit-log');
    serve([entry()]);
    renderPage(<AuditLogPage />, admin);
    await screen.findByRole('table');

    fireEvent.mouseDown(screen.getByLabelText('Operator'));
    fireEvent.click(await screen.findByTitle('@ops (Ops One)'));
    expect(lastPushedQuery(push)).toEqual({ actorId: OPS });

    // The list is long (and virtual): type to find the verb, as an operator would.
    fireEvent.mouseDown(screen.getByLabelText('Action'));
    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'promotion del' } });
    fireEvent.click(await screen.findByTitle('Promotion deleted'));
    expect(lastPushedQuery(push)).toEqual({ action: 'promo.delete' });

    const targetId = screen.getByLabelText('Target id');
    fireEvent.change(targetId, { target: { value: ' p-9 ' } });
    fireEvent.keyDown(targetId, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(lastPushedQuery(push)).toEqual({ targetId: 'p-9' });

    const targetType = screen.getByLabelText('Target type');
    fireEvent.change(targetType, { target: { value: 'page' } });
    fireEvent.keyDown(targetType, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(lastPushedQuery(push)).toMatchObject({ targetType: 'page' });
  });

  it('sends the range of days in the URL as the bounds of those days', async () => {
    mockRouter({ from: '2026-03-01', to: '2026-03-05', action: 'page.update' }, '/admin/audit-log');
    const queries = serve([]);
    renderPage(<AuditLogPage />, admin);
    expect(await screen.findByText('No entries match these filters.')).toBeInTheDocument();
    expect(queries[0]).toEqual({
      offset: '0', limit: '20', action: 'page.update',
      from: dayjs('2026-03-01').startOf('day').toISOString(), to: dayjs('2026-03-05').endOf('day').toISOString(),
    });
  });

  it('opens a row on its values before and after, the changed ones marked', async () => {
    mockRouter({}, '/admin/audit-log');
    const long = 'x'.repeat(400);
    serve([entry({ after: { title: 'Summer', active: true, href: '/creator', description: long } })]);
    renderPage(<AuditLogPage />, admin);
    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getByText('Promotion changed')).toBeInTheDocument());
    await act(async () => { fireEvent.click(within(table).getByText('Promotion changed')); });
    const changes = await screen.findByRole('table', { name: 'Changes' });
    const rows = [...changes.querySelectorAll('[role="row"]')].slice(1);
    expect(rows.map((r) => [r.querySelector('code')?.textContent, r.getAttribute('data-changed') === 'true'])).toEqual([
      ['title', true], ['active', false], ['href', false], ['description', true],
    ]);
    const title = rows[0].querySelectorAll('pre');
    expect([title[0].textContent, title[1].textContent]).toEqual(['Spring', 'Summer']);
    expect(rows[3].querySelectorAll('pre')[0].textContent).toBe('—');
    expect(rows[3].querySelectorAll('pre')[1].textContent).toBe(long);
    expect(within(rows[0] as HTMLElement).getByText('changed')).toBeInTheDocument();
  });

  it('is a card per entry on a phone, opening on the same before and after', async () => {
    installMatchMedia();
    mockRouter({}, '/admin/audit-log');
    serve([entry()]);
    renderPage(<AuditLogPage />, admin);
    const [card] = within(await screen.findByRole('list', { name: 'Audit log' })).getAllByRole('listitem');
    expect(within(card).getByText('Promotion changed')).toBeInTheDocument();
    expect(within(card).getByText(/by @ops/)).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Changes' })).toBeNull();
    await act(async () => { fireEvent.click(within(card).getByText('Before → after')); });
    const changes = await within(card).findByRole('table', { name: 'Changes' });
    expect([...changes.querySelectorAll('[data-changed="true"] code')].map((c) => c.textContent)).toEqual(['title']);
  });
});
