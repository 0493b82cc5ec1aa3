import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ErrorBody } from '@/common/contract/common';
import { REPORT_REASON_OPTIONS } from '@/common/contract/reports';
import { ReportButton } from '@/client/features/engagement/components/report-button';
import { toast } from '@/client/lib/toast';
import { api, installMswServer, server } from '../../../support/msw';
import { makeUser } from '../../fixtures';
import { FEED_ID, renderWithUser, serveSignInBackground } from './engagement-render';

const mockPush = jest.fn();
jest.mock('next/router', () => ({
  __esModule: true,
  default: { push: (...a: unknown[]) => mockPush(...a), replace: jest.fn() },
  useRouter: () => ({ asPath: '/post/abc', push: mockPush }),
}));

installMswServer();
let errorToast: jest.SpyInstance;
let successToast: jest.SpyInstance;
beforeEach(() => {
  serveSignInBackground();
  mockPush.mockReset();
  errorToast = jest.spyOn(toast, 'error').mockImplementation(() => undefined);
  successToast = jest.spyOn(toast, 'success').mockImplementation(() => undefined);
});
afterEach(() => {
  errorToast.mockRestore();
  successToast.mockRestore();
});

const sendButton = () => screen.getByRole('button', { name: 'Send report' });

function openForm() {
  renderWithUser(<ReportButton targetType="feed" targetId={FEED_ID} />, makeUser());
  fireEvent.click(screen.getByRole('button', { name: 'Report' }));
}

describe('ReportButton', () => {
  it('sends the chosen reason and note, then says Report sent and closes', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(api('/reports'), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ data: { _id: 'r1', targetType: 'feed', targetId: FEED_ID, reason: 'spam', text: 'Bot', status: 'open', createdAt: new Date().toISOString() } });
      }),
    );
    openForm();
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    for (const option of REPORT_REASON_OPTIONS) expect(screen.getByRole('radio', { name: option.label })).toBeInTheDocument();
    expect(sendButton()).toBeDisabled();
    fireEvent.click(screen.getByRole('radio', { name: 'Spam or misleading' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Details (optional)' }), { target: { value: '  Bot  ' } });
    fireEvent.click(sendButton());
    await waitFor(() => expect(successToast).toHaveBeenCalledWith('Report sent'));
    expect(bodies).toEqual([{ targetType: 'feed', targetId: FEED_ID, reason: 'spam', text: 'Bot' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows "You already reported this" on a 409', async () => {
    const duplicate: ErrorBody = { statusCode: 409, error: 'Conflict', message: 'You already reported this' };
    server.use(http.post(api('/reports'), () => HttpResponse.json(duplicate, { status: 409 })));
    openForm();
    fireEvent.click(await screen.findByRole('radio', { name: 'Scam or fraud' }));
    fireEvent.click(sendButton());
    await waitFor(() => expect(errorToast).toHaveBeenCalledWith('You already reported this'));
    expect(successToast).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('keeps the form open to retry after another failure', async () => {
    server.use(http.post(api('/reports'), () => HttpResponse.error()));
    openForm();
    fireEvent.click(await screen.findByRole('radio', { name: 'Something else' }));
    fireEvent.click(sendButton());
    await waitFor(() => expect(errorToast).toHaveBeenCalledWith('Something went wrong, please try again later'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Something else' })).toBeChecked();
  });

  it('sends a signed-out visitor to sign in', () => {
    renderWithUser(<ReportButton targetType="performer" targetId={FEED_ID} />);
    fireEvent.click(screen.getByRole('button', { name: 'Report' }));
    expect(mockPush).toHaveBeenCalledWith(`/auth/login?redirect=${encodeURIComponent('/post/abc')}`);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
