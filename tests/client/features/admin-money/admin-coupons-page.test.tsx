import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Coupon } from '@/common/contract/payments';
import { AdminCouponsPage } from '@/client/features/admin-money/coupons/admin-coupons-page';
import { codeProblem, couponBodyOf, couponState, discountProblem, usesProblem } from '@/client/features/admin-money/coupons/coupon-rules';
import { toast } from '@/client/lib/toast';
import { api, installMswServer, server, serveSignedInBasics } from '../../../support/msw';
import { buttonWithText } from '../../../support/queries';
import { desktopWindow } from '../../components/match-media';
import { makeUser } from '../../fixtures';
import { mockRouter, renderPage } from '../discovery/render-page';
import { dana, makeCoupon } from './money-fixtures';

jest.mock('next/router', () => ({ useRouter: jest.fn() }));
jest.setTimeout(180_000);
installMswServer();

const operator = makeUser({ _id: 'op-1', role: 'admin', name: 'Operator' });
const modal = () => document.querySelector('.ant-modal') as HTMLElement;

beforeEach(() => {
  desktopWindow();
  serveSignedInBasics();
  mockRouter({}, '/admin/coupons');
  jest.spyOn(toast, 'success').mockImplementation(() => undefined);
  jest.spyOn(toast, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

/** Serves the list (the latest state) and records every write. */
function serve(initial: Coupon[]) {
  const state = { coupons: initial, sent: [] as { method: string; id?: string; body: unknown }[] };
  server.use(
    http.get(api('/admin/coupons'), () => HttpResponse.json({ data: { data: state.coupons, total: state.coupons.length } })),
    http.post(api('/admin/coupons'), async ({ request }) => {
      const body = await request.json() as Partial<Coupon>;
      state.sent.push({ method: 'POST', body });
      if (state.coupons.some((c) => c.code.toUpperCase() === String(body.code).toUpperCase())) {
        return HttpResponse.json({ statusCode: 409, error: 'Conflict', message: 'A coupon with this code already exists', details: [{ field: 'code', message: 'A coupon with this code already exists' }] }, { status: 409 });
      }
      const created = makeCoupon({ ...body, usedCount: 0 });
      state.coupons = [created, ...state.coupons];
      return HttpResponse.json({ data: created });
    }),
    http.put(api('/admin/coupons/:id'), async ({ request, params }) => {
      const body = await request.json() as Partial<Coupon>;
      state.sent.push({ method: 'PUT', id: String(params.id), body });
      state.coupons = state.coupons.map((c) => (c._id === params.id ? { ...c, ...body } : c));
      return HttpResponse.json({ data: state.coupons.find((c) => c._id === params.id) });
    }),
  );
  return state;
}

describe('coupon rules', () => {
  it('mirror the API', () => {
    expect(codeProblem('ab')).toBe('A code is 3 to 40 letters, digits, dashes or underscores');
    expect(codeProblem('SPRING 10')).toBe('A code is 3 to 40 letters, digits, dashes or underscores');
    expect(codeProblem('SPRING_10')).toBeUndefined();
    expect(discountProblem(null)).toBe('Enter the discount');
    expect(discountProblem(0)).toBe('The discount is between 0.01 and 100 %');
    expect(discountProblem(12.345)).toBe('The discount has at most two decimals');
    expect(discountProblem(12.35)).toBeUndefined();
    expect(usesProblem(null)).toBeUndefined();
    expect(usesProblem(2.5)).toMatch(/whole number/);
    expect(usesProblem(2, 3)).toBe('This coupon was used 3 times already: allow at least 3 uses');
    expect(couponState(makeCoupon({ active: false }))).toBe('inactive');
    expect(couponState(makeCoupon({ expiredDate: '2020-01-01T00:00:00.000Z' }))).toBe('expired');
    expect(couponState(makeCoupon({ numberOfUses: 3, usedCount: 3 }))).toBe('used up');
    const body = couponBodyOf({ code: ' X-1a ', discountPercentage: 5, expiresOn: '2026-04-30', numberOfUses: null, active: true });
    expect(body).toMatchObject({ code: 'X-1a', discountPercentage: 5, numberOfUses: null, active: true });
    expect(new Date(body.expiredDate!).getDate()).toBe(30);
  });
});

describe('/admin/coupons', () => {
  it('lists coupons with their uses and state, and an empty state', async () => {
    serve([makeCoupon({ code: 'SPRING10', usedCount: 3, numberOfUses: 100 }), makeCoupon({ code: 'OLD', active: false, numberOfUses: null, usedCount: 7 })]);
    renderPage(<AdminCouponsPage />, operator);
    const table = await screen.findByRole('table', { name: 'Coupons' });
    await waitFor(() => expect(within(table).getByText('3 / 100')).toBeInTheDocument());
    expect(within(table).getByText('7 / ∞')).toBeInTheDocument();
    expect(within(table).getByText('inactive')).toBeInTheDocument();
  });

  it('says so when there are none', async () => {
    serve([]);
    renderPage(<AdminCouponsPage />, operator);
    expect(await screen.findByText('No coupons yet: create the first one.')).toBeInTheDocument();
  });

  it('checks a new coupon before sending, shows a taken code under its field, then creates it', async () => {
    const state = serve([makeCoupon({ code: 'SPRING10' })]);
    renderPage(<AdminCouponsPage />, operator);
    await screen.findByRole('table', { name: 'Coupons' });
    await act(async () => { fireEvent.click(buttonWithText('New coupon')); });
    fireEvent.change(within(modal()).getByLabelText('Code'), { target: { value: 'no' } });
    fireEvent.change(within(modal()).getByLabelText('Discount (%)'), { target: { value: '150' } });
    await act(async () => { fireEvent.click(buttonWithText('Create coupon', modal())); });
    expect(await within(modal()).findByText('A code is 3 to 40 letters, digits, dashes or underscores')).toBeInTheDocument();
    expect(within(modal()).getByText('The discount is between 0.01 and 100 %')).toBeInTheDocument();
    expect(state.sent).toEqual([]);

    fireEvent.change(within(modal()).getByLabelText('Code'), { target: { value: 'spring10' } });
    fireEvent.change(within(modal()).getByLabelText('Discount (%)'), { target: { value: '15' } });
    await act(async () => { fireEvent.click(buttonWithText('Create coupon', modal())); });
    expect(await within(modal()).findByText('A coupon with this code already exists')).toBeInTheDocument();

    fireEvent.change(within(modal()).getByLabelText('Code'), { target: { value: 'SUMMER15' } });
    fireEvent.change(within(modal()).getByLabelText('Number of uses'), { target: { value: '50' } });
    await act(async () => { fireEvent.click(buttonWithText('Create coupon', modal())); });
    await waitFor(() => expect(state.sent).toHaveLength(2));
    expect(state.sent[1]).toEqual({ method: 'POST', body: { code: 'SUMMER15', discountPercentage: 15, expiredDate: null, numberOfUses: 50, active: true } });
    expect(toast.success).toHaveBeenCalledWith('Coupon SUMMER15 created');
  });

  it('refuses an edit that allows fewer uses than were made, and deactivates after a confirmation', async () => {
    const coupon = makeCoupon({ code: 'SPRING10', usedCount: 3, numberOfUses: 100 });
    const state = serve([coupon]);
    renderPage(<AdminCouponsPage />, operator);
    await act(async () => { fireEvent.click(await screen.findByLabelText('Edit SPRING10')); });
    fireEvent.change(within(modal()).getByLabelText('Number of uses'), { target: { value: '2' } });
    await act(async () => { fireEvent.click(buttonWithText('Save changes', modal())); });
    expect(await within(modal()).findByText('This coupon was used 3 times already: allow at least 3 uses')).toBeInTheDocument();
    expect(state.sent).toEqual([]);
    await act(async () => { fireEvent.click(buttonWithText('Cancel', modal())); });

    await act(async () => { fireEvent.click(screen.getByLabelText('Deactivate SPRING10')); });
    const confirm = document.querySelector('.ant-popconfirm') as HTMLElement;
    expect(within(confirm).getByText('Fans can no longer use it; payments that already used it keep their discount.')).toBeInTheDocument();
    await act(async () => { fireEvent.click(buttonWithText('Deactivate', confirm)); });
    await waitFor(() => expect(state.sent).toEqual([{ method: 'PUT', id: coupon._id, body: { active: false } }]));
    expect(toast.success).toHaveBeenCalledWith('SPRING10 is deactivated');
  });

  it('shows who used a coupon in a drawer', async () => {
    const coupon = makeCoupon({ code: 'SPRING10', usedCount: 1 });
    serve([coupon]);
    server.use(http.get(api(`/admin/coupons/${coupon._id}/redemptions`), () => HttpResponse.json({
      data: {
        total: 1,
        data: [{ user: dana, createdAt: '2026-03-02T10:00:00.000Z', payment: { _id: 'p1', kind: 'top_up', status: 'succeeded', originalPrice: 20, discount: 2, totalPrice: 18, description: 'Wallet top-up' } }],
      },
    })));
    renderPage(<AdminCouponsPage />, operator);
    await act(async () => { fireEvent.click(await screen.findByLabelText('Uses of SPRING10')); });
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('Dana')).toBeInTheDocument();
    expect(within(drawer).getByText(/Top-up: \$20\.00 − \$2\.00 = \$18\.00/)).toBeInTheDocument();
    expect(within(drawer).getByText('Used 1 time of 100.')).toBeInTheDocument();
  });
});
