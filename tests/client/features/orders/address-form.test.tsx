import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { AddressForm } from '@/client/features/addresses/components/address-form';
import { toast } from '@/client/lib/toast';
import { api, installMswServer, server } from '../../../support/msw';
import { makeUser } from '../../fixtures';
import { renderWithStore } from '../videos/render-video';

jest.setTimeout(180_000);

installMswServer();
beforeEach(() => server.use(
  http.get(api('/follows/following/ids'), () => HttpResponse.json({ data: [] })),
  http.get(api('/countries/list'), () => HttpResponse.json({ data: [{ name: 'Portugal', code: 'PT' }] })),
));
afterEach(() => jest.restoreAllMocks());

describe('AddressForm', () => {
  it('names every missing required field and sends nothing', async () => {
    let posted = 0;
    server.use(http.post(api('/addresses/create'), () => {
      posted += 1;
      return HttpResponse.json({ data: {} });
    }));
    renderWithStore(<AddressForm onSaved={jest.fn()} />, makeUser());
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: 'call me' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Add address' }));
    });
    expect(await screen.findByText('Please enter the recipient\'s name')).toBeInTheDocument();
    expect(screen.getByText('Please choose a country')).toBeInTheDocument();
    expect(screen.getByText('Please enter a city')).toBeInTheDocument();
    expect(screen.getByText('Please enter a street address')).toBeInTheDocument();
    expect(screen.getByText(/Phone may contain digits/)).toBeInTheDocument();
    expect(posted).toBe(0);
  });

  it('shows the server\'s field messages on the fields', async () => {
    server.use(http.put(api('/addresses/a1'), () => HttpResponse.json(
      { statusCode: 400, error: 'Bad Request', message: 'Please enter a city', details: [{ field: 'city', message: 'Please enter a city' }] },
      { status: 400 },
    )));
    const failure = jest.spyOn(toast, 'error').mockImplementation(() => undefined);
    const address = {
      _id: 'a1', name: 'Ana Silva', country: 'PT', state: '', city: 'Lisbon', streetAddress: 'Rua Augusta 10', postalCode: '', phone: '', description: '',
      createdAt: '2026-11-23T10:00:00.000Z', updatedAt: '2026-11-23T10:00:00.000Z',
    };
    const onSaved = jest.fn();
    renderWithStore(<AddressForm address={address} onSaved={onSaved} />, makeUser());
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save address' }));
    });
    await waitFor(() => expect(failure).toHaveBeenCalledWith('Please enter a city'));
    expect(await screen.findByText('Please enter a city')).toBeInTheDocument();
    expect(onSaved).not.toHaveBeenCalled();
  });
});
