import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { ConsentGate } from '@/client/features/auth/components/consent-gate';
import { api, installMswServer, server } from '../../../support/msw';
import { buttonWithText } from '../../../support/queries';
import { makeUser } from '../../fixtures';
import { renderWithStore } from '../videos/render-video';

jest.setTimeout(60_000);
installMswServer();

function serveConsent(answer: 'ok' | 'fail' = 'ok') {
  const sent: unknown[] = [];
  server.use(
    http.put(api('/users/me/consent'), async ({ request }) => {
      sent.push(await request.json());
      if (answer === 'fail') return HttpResponse.json({ statusCode: 500, error: 'Internal Server Error', message: 'Database is down' }, { status: 500 });
      return HttpResponse.json({ data: makeUser({ consentRequired: false }) });
    }),
  );
  return sent;
}

const tick = (label: RegExp) => fireEvent.click(screen.getByLabelText(label));

describe('the consent gate', () => {
  it('shows nothing to a person who has consented, or to a visitor', () => {
    renderWithStore(<ConsentGate />, makeUser({ consentRequired: false }));
    renderWithStore(<ConsentGate />);
    expect(screen.queryByText('Before you continue')).not.toBeInTheDocument();
  });

  it('asks for both consents, sends them, and lets the person in once stored', async () => {
    const sent = serveConsent();
    const store = renderWithStore(<ConsentGate />, makeUser({ consentRequired: true }));
    expect(await screen.findByText('Before you continue')).toBeInTheDocument();
    await act(async () => { fireEvent.click(buttonWithText('Agree and continue')); });
    expect(await screen.findByText('Please confirm that you are 18 or older')).toBeInTheDocument();
    expect(sent).toEqual([]);

    tick(/I am 18 or older/);
    tick(/I accept the terms of service/);
    await act(async () => { fireEvent.click(buttonWithText('Agree and continue')); });
    await waitFor(() => expect(sent).toEqual([{ ageConfirmed: true, termsAccepted: true }]));
    await waitFor(() => expect(store.getState().user.current.consentRequired).toBe(false));
    await waitFor(() => expect(screen.queryByText('Before you continue')).not.toBeInTheDocument());
  });

  it('says what went wrong and stays open when the answer is an error', async () => {
    serveConsent('fail');
    renderWithStore(<ConsentGate />, makeUser({ consentRequired: true }));
    tick(/I am 18 or older/);
    tick(/I accept the terms of service/);
    await act(async () => { fireEvent.click(buttonWithText('Agree and continue')); });
    expect(await screen.findByText('Database is down')).toBeInTheDocument();
    expect(screen.getByText('Before you continue')).toBeInTheDocument();
  });
});
