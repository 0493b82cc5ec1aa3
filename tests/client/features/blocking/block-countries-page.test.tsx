import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { CountryRecord } from '@/common/contract/reference';
import type { ErrorBody } from '@/common/contract/common';
import { BlockCountriesPage } from '@/client/features/blocking/components/block-countries-page';
import { toast } from '@/client/lib/toast';
import { api, installMswServer, server } from '../../../support/msw';
import { makePerformer } from '../../fixtures';
import { mockRouter, renderPage } from '../discovery/render-page';

jest.mock('next/router', () => ({ useRouter: jest.fn() }));

installMswServer();

let successToast: jest.SpyInstance;
let errorToast: jest.SpyInstance;
beforeEach(() => {
  successToast = jest.spyOn(toast, 'success').mockImplementation(() => undefined);
  errorToast = jest.spyOn(toast, 'error').mockImplementation(() => undefined);
  mockRouter({}, '/creator/block-countries');
});
afterEach(() => {
  successToast.mockRestore();
  errorToast.mockRestore();
});

const country = (code: string, name: string): CountryRecord => ({
  name, code, capital: '', region: '', currency: { code: '', name: '', symbol: '' }, language: { code: '', name: '' }, flag: `/flags/${code.toLowerCase()}.svg`,
});
const COUNTRIES = [country('DE', 'Germany'), country('FR', 'France'), country('US', 'United States')];

function countriesApi(saved: string[], answer?: { status: number; body: ErrorBody }) {
  const posted: unknown[] = [];
  server.use(
    http.get(api('/countries/list'), () => HttpResponse.json({ data: COUNTRIES })),
    http.get(api('/block/countries'), () => HttpResponse.json({ data: { countries: saved } })),
    http.post(api('/block/countries'), async ({ request }) => {
      const body = (await request.json()) as { countries: string[] };
      posted.push(body);
      if (answer) return HttpResponse.json(answer.body, { status: answer.status });
      saved = body.countries;
      return HttpResponse.json({ data: { countries: saved } });
    }),
  );
  return posted;
}

describe('Blocked countries page (/creator/block-countries)', () => {
  it('shows the saved list with flags from the API host', async () => {
    countriesApi(['FR']);
    renderPage(<BlockCountriesPage />, makePerformer());
    expect(await screen.findByText('Saved: 1 country blocked.')).toBeInTheDocument();
    const flag = screen.getByText('France').parentElement!.querySelector('img')!;
    expect(flag).toHaveAttribute('src', 'http://api.test/flags/fr.svg');
    expect(screen.getByRole('button', { name: /save changes/i })).toBeDisabled();
  });

  it('saves the selected list and says Changes saved', async () => {
    const posted = countriesApi(['FR']);
    renderPage(<BlockCountriesPage />, makePerformer());
    await screen.findByText('Saved: 1 country blocked.');

    fireEvent.mouseDown(screen.getByLabelText('Blocked countries'));
    fireEvent.click(await screen.findByTitle('Germany'));
    expect(screen.getByText(/You have unsaved changes/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /save changes/i }));

    await waitFor(() => expect(posted).toEqual([{ countries: ['FR', 'DE'] }]));
    await waitFor(() => expect(successToast).toHaveBeenCalledWith('Changes saved'));
    expect(await screen.findByText('Saved: 2 countries blocked.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /save changes/i })).toBeDisabled();
  });

  it('shows the server message when saving fails and keeps the changes', async () => {
    countriesApi([], { status: 400, body: { statusCode: 400, error: 'Bad Request', message: 'countries/0 must match pattern' } });
    renderPage(<BlockCountriesPage />, makePerformer());
    await screen.findByText(/No countries are blocked/);
    fireEvent.mouseDown(screen.getByLabelText('Blocked countries'));
    fireEvent.click(await screen.findByTitle('United States'));
    fireEvent.click(screen.getByRole('button', { name: /save changes/i }));
    await waitFor(() => expect(errorToast).toHaveBeenCalledWith('countries/0 must match pattern'));
    expect(screen.getByText(/You have unsaved changes/)).toBeInTheDocument();
  });
});
