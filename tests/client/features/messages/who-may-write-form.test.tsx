import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { MessagingSettings } from '@/common/contract/messaging';
import { WhoMayWriteForm } from '@/client/features/messages/components/who-may-write-form';
import { toast } from '@/client/lib/toast';
import { api, installMswServer, server, serveSignedInBasics } from '../../../support/msw';
import { makePerformer } from '../../fixtures';
import { mockRouter, renderPage } from '../discovery/render-page';

jest.mock('next/router', () => ({ useRouter: jest.fn() }));
jest.setTimeout(60_000);
installMswServer();

beforeEach(() => {
  mockRouter({ tab: 'messages' }, '/creator/account');
  serveSignedInBasics();
});
afterEach(() => jest.restoreAllMocks());

describe('Who can message me (creator account settings)', () => {
  it('shows the stored choice and saves a new one with PUT /messages/settings', async () => {
    const success = jest.spyOn(toast, 'success').mockImplementation(() => undefined);
    const puts: MessagingSettings[] = [];
    server.use(
      http.get(api('/messages/settings'), () => HttpResponse.json({ data: { whoMayWrite: 'followers' } satisfies MessagingSettings })),
      http.put(api('/messages/settings'), async ({ request }) => {
        const body = (await request.json()) as MessagingSettings;
        puts.push(body);
        return HttpResponse.json({ data: body });
      }),
    );
    renderPage(<WhoMayWriteForm />, makePerformer());
    expect(await screen.findByRole('radio', { name: /followers and subscribers/i })).toBeChecked();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    fireEvent.click(screen.getByRole('radio', { name: /subscribers only/i }));
    expect(save).toBeEnabled();
    fireEvent.click(save);
    await waitFor(() => expect(success).toHaveBeenCalledWith('Changes saved'));
    expect(puts).toEqual([{ whoMayWrite: 'subscribers' }]);
    expect(screen.getByRole('radio', { name: /subscribers only/i })).toBeChecked();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled());
  });

  it("keeps the choice and shows the server's message when saving fails", async () => {
    const failure = jest.spyOn(toast, 'error').mockImplementation(() => undefined);
    server.use(
      http.get(api('/messages/settings'), () => HttpResponse.json({ data: { whoMayWrite: 'subscribers' } })),
      http.put(api('/messages/settings'), () => HttpResponse.json({ statusCode: 400, error: 'Bad Request', message: 'whoMayWrite is not valid' }, { status: 400 })),
    );
    renderPage(<WhoMayWriteForm />, makePerformer());
    fireEvent.click(await screen.findByRole('radio', { name: /followers and subscribers/i }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(failure).toHaveBeenCalledWith('whoMayWrite is not valid'));
    expect(screen.getByRole('radio', { name: /followers and subscribers/i })).toBeChecked();
  });

  it('shows loading, then an error with retry', async () => {
    let fail = true;
    server.use(http.get(api('/messages/settings'), () => (fail
      ? HttpResponse.json({ statusCode: 500, error: 'Internal Server Error', message: 'Try later' }, { status: 500 })
      : HttpResponse.json({ data: { whoMayWrite: 'followers' } }))));
    renderPage(<WhoMayWriteForm />, makePerformer());
    expect(await screen.findByText('We could not load your message settings')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /try again/i }));
    expect(await screen.findByRole('radio', { name: /followers and subscribers/i })).toBeChecked();
  });
});
