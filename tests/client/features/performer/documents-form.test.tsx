import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { PerformerAccount } from '@/common/contract/performers';
import { DocumentsForm, documentStatusOf } from '@/client/features/performer/components/documents-form';
import { VerificationNotice } from '@/client/features/performer/components/verification-notice';
import { loginSuccess } from '@/client/features/auth/auth.slice';
import { setCurrentUser } from '@/client/features/user/user.slice';
import { makeStore } from '@/client/store/store';
import { toast } from '@/client/lib/toast';
import { api, installMswServer, server } from '../../../support/msw';
import { buttonWithText } from '../../../support/queries';
import { installMatchMedia } from '../../components/match-media';
import { makeFile, makePerformer, makeUser } from '../../fixtures';
import { makePerformerAccount } from './performer-fixtures';
import { renderWithStore } from './render-with-store';

jest.mock('next/router', () => ({ __esModule: true, default: { push: jest.fn() }, useRouter: () => ({ query: {}, pathname: '/', push: jest.fn() }) }));
jest.setTimeout(120_000);
installMswServer();
beforeAll(() => {
  installMatchMedia(false);
  // jsdom has no object URLs; the picked image's preview asks for one.
  URL.createObjectURL = jest.fn(() => 'blob:preview');
  URL.revokeObjectURL = jest.fn();
});
beforeEach(() => {
  jest.spyOn(toast, 'success').mockImplementation(() => undefined);
  jest.spyOn(toast, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

const account = (overrides: Partial<PerformerAccount>) => makePerformerAccount(overrides);

describe('documentStatusOf', () => {
  it('follows the operators\' decision', () => {
    expect(documentStatusOf({ verificationStatus: 'approved' })).toBe('verified');
    expect(documentStatusOf({ verificationStatus: 'pending' })).toBe('pending');
    expect(documentStatusOf({ verificationStatus: 'rejected' })).toBe('rejected');
    expect(documentStatusOf({ verificationStatus: 'not_submitted' })).toBe('missing');
  });
});

describe('DocumentsForm', () => {
  it('shows an approved creator they can be paid and are listed', () => {
    renderWithStore(<DocumentsForm account={account({ verificationStatus: 'approved' })} onUploaded={jest.fn()} />);
    expect(screen.getByTestId('document-status')).toHaveTextContent('Verified');
    expect(screen.getByText('Your identity is verified: fans can pay you and your page is listed in explore.')).toBeInTheDocument();
  });

  it('tells a waiting creator what waiting means while they cannot be paid', () => {
    renderWithStore(<DocumentsForm account={account({ verificationStatus: 'pending', payable: false, verificationNote: 'old reason' })} onUploaded={jest.fn()} />);
    expect(screen.getByTestId('document-status')).toHaveTextContent('Pending review');
    expect(screen.getByText('Your documents are waiting for review')).toBeInTheDocument();
    expect(screen.getByText(/fans cannot pay you/)).toBeInTheDocument();
    // A reason of an earlier rejection is not shown while new documents wait.
    expect(screen.queryByText(/old reason/)).toBeNull();
  });

  it('gives a rejected creator the reason and a prompt to upload new documents', () => {
    renderWithStore(<DocumentsForm account={account({ verificationStatus: 'rejected', payable: false, verificationNote: 'The photo is blurred.' })} onUploaded={jest.fn()} />);
    expect(screen.getByTestId('document-status')).toHaveTextContent('Rejected');
    expect(screen.getByText('Your documents were not approved')).toBeInTheDocument();
    expect(screen.getByTestId('rejection-reason')).toHaveTextContent('Reason: The photo is blurred.');
    expect(screen.getByText(/Upload new documents below/)).toBeInTheDocument();
  });

  it('asks for what is missing, without the unpaid warning when the site does not require verification', () => {
    renderWithStore(<DocumentsForm account={account({ verificationStatus: 'not_submitted', hasIdDocument: true, hasSelfie: false, payable: true })} onUploaded={jest.fn()} />);
    expect(screen.getByTestId('document-status')).toHaveTextContent('Documents missing');
    expect(screen.getByText('Upload a selfie holding it to be verified')).toBeInTheDocument();
    expect(screen.queryByText(/fans cannot pay you/)).toBeNull();
  });

  it('uploads new documents, shows the answer and refreshes the signed-in user', async () => {
    const pending = account({ verificationStatus: 'pending', payable: false });
    const uploads: string[][] = [];
    let meReads = 0;
    server.use(
      http.post(api('/performers/documents/upload'), async ({ request }) => {
        uploads.push([...(await request.formData()).keys()]);
        return HttpResponse.json({ data: pending });
      }),
      http.get(api('/users/me'), () => {
        meReads += 1;
        return HttpResponse.json({ data: makePerformer({ verificationStatus: 'pending', payable: false }) });
      }),
    );
    const onUploaded = jest.fn();
    const { container } = renderWithStore(
      <DocumentsForm account={account({ verificationStatus: 'rejected', payable: false, verificationNote: 'Blurred' })} onUploaded={onUploaded} />,
      makeStore(),
    );
    const [idInput] = container.querySelectorAll('input[type="file"]');
    await act(async () => {
      fireEvent.change(idInput, { target: { files: [makeFile('jpeg-bytes', 'id.jpg', 'image/jpeg')] } });
    });
    expect(await screen.findByText('id.jpg')).toBeInTheDocument();
    await waitFor(() => expect(buttonWithText('Upload documents')).toBeEnabled());
    await act(async () => { fireEvent.click(buttonWithText('Upload documents')); });
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith(pending));
    expect(uploads).toEqual([['idDocument']]);
    await waitFor(() => expect(meReads).toBe(1));
    expect(toast.success).toHaveBeenCalledWith('Documents uploaded: they are waiting for review');
  });
});

describe('VerificationNotice', () => {
  function renderAs(user: ReturnType<typeof makeUser>) {
    const store = makeStore();
    store.dispatch(setCurrentUser(user));
    store.dispatch(loginSuccess(user));
    server.use(
      http.get(api('/follows/following/ids'), () => HttpResponse.json({ data: [] })),
      http.get(api('/messages/total-unread-messages'), () => HttpResponse.json({ data: { total: 0 } })),
    );
    return renderWithStore(<VerificationNotice />, store);
  }

  it('tells a creator who cannot be paid why, with the rejection reason and a link to upload', () => {
    renderAs(makePerformer({ verificationStatus: 'rejected', verificationNote: 'Expired passport', payable: false }));
    expect(screen.getByText('Your identity documents were not approved')).toBeInTheDocument();
    expect(screen.getByText('Reason: Expired passport')).toBeInTheDocument();
    expect(screen.getByText(/fans cannot pay you/)).toBeInTheDocument();
    expect(buttonWithText('Upload new documents').closest('a')).toHaveAttribute('href', '/creator/account?tab=documents');
  });

  it('says a waiting creator is waiting', () => {
    renderAs(makePerformer({ verificationStatus: 'pending', payable: false }));
    expect(screen.getByText('Your documents are waiting for review')).toBeInTheDocument();
  });

  it('shows nothing to a payable creator or a fan', () => {
    renderAs(makePerformer({ verificationStatus: 'pending', payable: true }));
    expect(screen.queryByTestId('verification-notice')).toBeNull();
  });

  it('shows nothing to a fan', () => {
    renderAs(makeUser());
    expect(screen.queryByTestId('verification-notice')).toBeNull();
  });
});
