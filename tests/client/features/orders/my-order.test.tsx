import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { OrdersPage } from '@/client/features/orders/components/orders-page';
import { toast } from '@/client/lib/toast';
import { api, installMswServer, server } from '../../../support/msw';
import { makePerformer } from '../../fixtures';
import { mockRouter } from '../discovery/render-page';
import { desktopWindow, installMatchMedia } from '../../components/match-media';
import { renderWithStore } from '../videos/render-video';

jest.mock('next/router', () => ({ useRouter: jest.fn() }));
jest.setTimeout(180_000);

installMswServer();
beforeEach(() => server.use(http.get(api('/follows/following/ids'), () => HttpResponse.json({ data: [] }))));
afterEach(() => jest.restoreAllMocks());

const processing = {
  _id: 'o1', orderNumber: 'ORD-20261123-ABCDEFGH', productId: 'p1', productName: 'Signed poster', productType: 'physical', quantity: 2,
  unitPrice: 10, totalPrice: 20, status: 'processing', trackingCode: null, note: 'Gift wrap',
  deliveryAddress: { name: 'Ana Silva', country: 'PT', state: '', city: 'Lisbon', streetAddress: 'Rua Augusta 10', postalCode: '1100-053', phone: '', description: '' },
  buyer: { _id: 'u1', name: 'Fan One', username: 'fan1' }, performer: { _id: 'c1', name: 'Aurora', username: 'aurora' },
  createdAt: '2026-11-23T10:00:00.000Z', updatedAt: '2026-11-23T10:00:00.000Z',
};

describe('/creator/my-order', () => {
  it('lists the creator\'s orders and marks one shipped with the tracking code asked for', async () => {
    desktopWindow();
    mockRouter({}, '/creator/my-order');
    let current: Record<string, unknown> = processing;
    let sent: unknown = null;
    server.use(
      http.get(api('/orders/search'), () => HttpResponse.json({ data: { data: [current], total: 1 } })),
      http.put(api('/orders/o1/update'), async ({ request }) => {
        sent = await request.json();
        current = { ...processing, status: 'shipped', trackingCode: 'PT123' };
        return HttpResponse.json({ data: current });
      }),
    );
    const success = jest.spyOn(toast, 'success').mockImplementation(() => undefined);
    renderWithStore(<OrdersPage mode="seller" />, makePerformer());
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('ORD-20261123-ABCDEFGH')).toBeInTheDocument();
    expect(within(table).getByText('Processing')).toBeInTheDocument();
    expect(within(table).getByText(/bought by Fan One \(@fan1\)/)).toBeInTheDocument();
    expect(within(table).getByText('Note: Gift wrap')).toBeInTheDocument();

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Mark ORD-20261123-ABCDEFGH shipped' }));
    });
    const dialog = await screen.findByRole('dialog');
    // Without a code nothing is sent.
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Mark shipped' }));
    });
    expect(await within(dialog).findByText('Please enter a tracking code')).toBeInTheDocument();
    expect(sent).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Tracking code'), { target: { value: ' PT123 ' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Mark shipped' }));
    });
    await waitFor(() => expect(sent).toEqual({ status: 'shipped', trackingCode: 'PT123' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('ORD-20261123-ABCDEFGH marked shipped'));
    expect(await within(screen.getByRole('table')).findByText('Shipped')).toBeInTheDocument();
    expect(screen.getByText('PT123')).toBeInTheDocument();
  });

  it('is a card per order on phones, with the figures and the buttons of the table', async () => {
    installMatchMedia(false, 390);
    mockRouter({}, '/user/orders');
    server.use(http.get(api('/orders/users/search'), () => HttpResponse.json({ data: { data: [processing], total: 1 } })));
    renderWithStore(<OrdersPage mode="buyer" />, makePerformer());
    const list = await screen.findByRole('list', { name: 'My orders' });
    const card = within(list).getByRole('listitem', { name: 'Order ORD-20261123-ABCDEFGH' });
    expect(within(card).getByText('20.00 tokens')).toBeInTheDocument();
    expect(within(card).getByText('Processing')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Change the address of ORD-20261123-ABCDEFGH' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
