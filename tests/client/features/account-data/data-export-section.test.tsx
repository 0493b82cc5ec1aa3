import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { DataExport } from '@/common/contract/account-data';
import { DataExportSection } from '@/client/features/account-data/components/data-export-section';
import { api, installMswServer, serveSignedInBasics, server } from '../../../support/msw';
import { makeUser } from '../../fixtures';
import { renderWithStore } from '../videos/render-video';

jest.mock('next/router', () => ({ useRouter: () => ({ query: {}, pathname: '/user/account', asPath: '/user/account', push: jest.fn(), replace: jest.fn() }) }));
jest.setTimeout(120_000);
installMswServer();
beforeEach(() => serveSignedInBasics());

const base: DataExport = {
  _id: 'e1', status: 'pending', createdAt: '2026-03-01T10:00:00.000Z', readyAt: null, expiresAt: null, sizeBytes: null, downloadUrl: null, error: null,
};
const ready: DataExport = {
  ...base, status: 'ready', readyAt: '2026-03-01T10:00:05.000Z', expiresAt: '2026-03-08T10:00:05.000Z', sizeBytes: 20480,
  downloadUrl: 'http://api.test/files/private/exports/u/e1.zip?exp=1&sig=x&dl=account-data-2026-03-01.zip',
};

describe('Your data', () => {
  it('requests an export, shows it being prepared, then offers the download once the server says it is ready', async () => {
    const answers: (DataExport | null)[] = [null, base, ready];
    let posts = 0;
    server.use(
      http.get(api('/users/me/export'), () => HttpResponse.json({ data: answers.length > 1 ? answers.shift()! : answers[0] })),
      http.post(api('/users/me/export'), () => {
        posts += 1;
        return HttpResponse.json({ data: base });
      }),
    );
    renderWithStore(<DataExportSection />, makeUser());
    fireEvent.click(await screen.findByRole('button', { name: 'Request your data' }));
    expect(await screen.findByText(/Preparing your data/)).toBeInTheDocument();
    expect(posts).toBe(1);
    // Polled while pending (every 3 s).
    expect(await screen.findByRole('button', { name: /Download your data/ }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText(/Your data is ready \(20 KB\)/)).toBeInTheDocument();
  });

  it('shows the failure with a retry, and the server\'s refusal of a new request', async () => {
    server.use(
      http.get(api('/users/me/export'), () => HttpResponse.json({ data: { ...base, status: 'failed', error: 'Your data could not be prepared. Please try again.' } })),
      http.post(api('/users/me/export'), () => HttpResponse.json({ statusCode: 429, error: 'Too Many Requests', message: 'Slow down' }, { status: 429 })),
    );
    renderWithStore(<DataExportSection />, makeUser());
    expect(await screen.findByText('Your data could not be prepared. Please try again.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Slow down')).toBeInTheDocument();
  });

  it('says when the status cannot be loaded, and retries', async () => {
    let calls = 0;
    server.use(http.get(api('/users/me/export'), () => {
      calls += 1;
      return calls === 1
        ? HttpResponse.json({ statusCode: 500, error: 'Internal Server Error', message: 'Down' }, { status: 500 })
        : HttpResponse.json({ data: null });
    }));
    renderWithStore(<DataExportSection />, makeUser());
    expect(await screen.findByText('Your data export could not be loaded')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Request your data' })).toBeInTheDocument());
  });
});
