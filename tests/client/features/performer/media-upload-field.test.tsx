import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { MediaUploadField } from '@/client/features/performer/components/media-upload-field';
import type { AccountEnvelope, Progress } from '@/client/features/performer/performer.api';
import { toast } from '@/client/lib/toast';
import { makeFile } from '../../fixtures';
import { makePerformerAccount } from './performer-fixtures';
import { renderWithStore } from './render-with-store';

describe('MediaUploadField', () => {
  it('shows the percent sent while uploading, then hands over the new account', async () => {
    const success = jest.spyOn(toast, 'success').mockImplementation(() => undefined);
    let progress: Progress | undefined;
    let finish: ((v: AccountEnvelope) => void) | undefined;
    const send = jest.fn((_file: File, onProgress: Progress) => {
      progress = onProgress;
      return new Promise<AccountEnvelope>((r) => (finish = r));
    });
    const onUploaded = jest.fn();
    const { container } = renderWithStore(
      <MediaUploadField label="Cover image" accept="image/png" hint="PNG" buttonText="Change cover" preview={null} check={() => null} send={send} onUploaded={onUploaded} />,
    );
    await act(async () => {
      fireEvent.change(container.querySelector('input[type="file"]')!, { target: { files: [makeFile('x', 'c.png', 'image/png')] } });
    });
    await waitFor(() => expect(progress).toBeDefined());
    act(() => progress!(42));
    const bar = screen.getByRole('progressbar', { name: 'Cover image upload progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '42');
    expect(screen.getByText('42%')).toBeInTheDocument();
    expect(screen.getByText('Uploading…')).toBeInTheDocument();
    const account = makePerformerAccount({ cover: 'http://api.test/uploads/new.png' });
    await act(async () => finish!({ data: account }));
    expect(onUploaded).toHaveBeenCalledWith(account);
    expect(success).toHaveBeenCalledWith('Cover image updated');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    success.mockRestore();
  });
});
