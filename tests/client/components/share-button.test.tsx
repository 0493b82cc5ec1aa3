import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ShareButton } from '@/client/components/share-button';
import { toast } from '@/client/lib/toast';

jest.mock('@/client/lib/toast', () => ({ toast: { success: jest.fn(), error: jest.fn() } }));

const nav = navigator as unknown as Record<string, unknown>;
const original = { share: nav.share, clipboard: nav.clipboard, matchMedia: window.matchMedia, execCommand: document.execCommand };

function device({ phone, share, clipboard }: { phone: boolean; share?: jest.Mock; clipboard?: jest.Mock | null }) {
  window.matchMedia = ((media: string) => ({ media, matches: phone && media === '(pointer: coarse)', addEventListener() {}, removeEventListener() {} })) as unknown as typeof window.matchMedia;
  Object.defineProperty(navigator, 'share', { value: share, configurable: true, writable: true });
  Object.defineProperty(navigator, 'clipboard', { value: clipboard === null ? undefined : { writeText: clipboard ?? jest.fn(async () => undefined) }, configurable: true, writable: true });
}

afterEach(() => {
  jest.clearAllMocks();
  window.matchMedia = original.matchMedia;
  Object.defineProperty(navigator, 'share', { value: original.share, configurable: true, writable: true });
  Object.defineProperty(navigator, 'clipboard', { value: original.clipboard, configurable: true, writable: true });
  document.execCommand = original.execCommand;
});

const click = async (name: string) => {
  await act(async () => {
    fireEvent.click(await screen.findByRole('button', { name }));
  });
};

const url = `${window.location.origin}/post/p1`;

describe('ShareButton', () => {
  it("copies the absolute link on a computer and says 'Copied to clipboard'", async () => {
    const writeText = jest.fn(async () => undefined);
    device({ phone: false, share: jest.fn(), clipboard: writeText });
    render(<ShareButton path="/post/p1" title="Post by Aurora" />);
    await click('Copy link');
    expect(writeText).toHaveBeenCalledWith(url);
    expect(toast.success).toHaveBeenCalledWith('Copied to clipboard');
    expect(navigator.share).not.toHaveBeenCalled();
  });

  it('opens the share sheet on a phone with the Web Share API, without a toast', async () => {
    const share = jest.fn(async () => undefined);
    const writeText = jest.fn(async () => undefined);
    device({ phone: true, share, clipboard: writeText });
    render(<ShareButton path="/aurora" title="Aurora" />);
    await click('Share');
    expect(share).toHaveBeenCalledWith({ title: 'Aurora', url: `${window.location.origin}/aurora` });
    expect(writeText).not.toHaveBeenCalled();
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('treats closing the share sheet as no error, and copies when sharing itself fails', async () => {
    const abort = Object.assign(new Error('closed'), { name: 'AbortError' });
    const share = jest.fn().mockRejectedValueOnce(abort).mockRejectedValueOnce(new Error('not allowed'));
    const writeText = jest.fn(async () => undefined);
    device({ phone: true, share, clipboard: writeText });
    render(<ShareButton path="/post/p1" title="Post" />);
    await click('Share');
    expect(writeText).not.toHaveBeenCalled();
    expect(toast.error).not.toHaveBeenCalled();
    await click('Share');
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Copied to clipboard'));
    expect(writeText).toHaveBeenCalledWith(url);
  });

  it('falls back to execCommand without the Clipboard API, and shows the link when nothing can copy', async () => {
    device({ phone: false, clipboard: null });
    const exec = jest.fn(() => true);
    document.execCommand = exec;
    const { unmount } = render(<ShareButton path="/post/p1" title="Post" />);
    await click('Copy link');
    expect(exec).toHaveBeenCalledWith('copy');
    expect(toast.success).toHaveBeenCalledWith('Copied to clipboard');
    unmount();

    document.execCommand = jest.fn(() => false);
    render(<ShareButton path="/post/p1" title="Post" />);
    await click('Copy link');
    expect(toast.error).toHaveBeenCalledWith(`Could not copy the link: ${url}`);
  });
});
