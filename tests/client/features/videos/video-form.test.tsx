import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { VideoForm } from '@/client/features/videos/components/video-form';
import { toast } from '@/client/lib/toast';
import { api, installMswServer, server } from '../../../support/msw';
import { buttonWithText } from '../../../support/queries';
import { makeFile as makeUpload, makePerformer } from '../../fixtures';
import { mockRouter } from '../discovery/render-page';
import { makeVideo } from './video-fixtures';
import { renderWithStore } from './render-video';

jest.mock('next/router', () => ({ useRouter: jest.fn() }));

// Whole antd forms under jsdom: several seconds a test on a busy machine.
jest.setTimeout(180_000);
installMswServer();

let success: jest.SpyInstance;
let failure: jest.SpyInstance;
beforeEach(() => {
  mockRouter({}, '/creator/my-video/upload');
  success = jest.spyOn(toast, 'success').mockImplementation(() => undefined);
  failure = jest.spyOn(toast, 'error').mockImplementation(() => undefined);
  server.use(http.get(api('/follows/following/ids'), () => HttpResponse.json({ data: [] })));
});
afterEach(() => jest.restoreAllMocks());

const fileInput = (label: string) => {
  const button = screen.getByLabelText(new RegExp(`\\(${label}`));
  return button.closest('.ant-upload')!.querySelector('input[type="file"]') as HTMLInputElement;
};
const pick = async (label: string, file: File) => {
  await act(async () => {
    fireEvent.change(fileInput(label), { target: { files: [file] } });
  });
};
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(new RegExp(`^${label}`)), { target: { value } });
const submit = async (name: RegExp) => {
  await act(async () => {
    fireEvent.click(buttonWithText(name));
  });
};

describe('VideoForm: upload', () => {
  it('needs a video file and a title before sending anything', async () => {
    let sent = false;
    server.use(http.post(api('/performer/performer-assets/videos/upload'), () => {
      sent = true;
      return HttpResponse.json({});
    }));
    renderWithStore(<VideoForm onSaved={jest.fn()} />, makePerformer());
    await submit(/upload video/i);
    expect(await screen.findByText('Please enter a title')).toBeInTheDocument();
    type('Title', 'My clip');
    await submit(/upload video/i);
    expect(await screen.findByText('Please choose a video file')).toBeInTheDocument();
    await pick('Video file', makeUpload('text', 'notes.txt', 'text/plain'));
    expect(screen.getByText('Please choose a video file (MP4, MOV, WebM or MKV)')).toBeInTheDocument();
    expect(sent).toBe(false);
  });

  it('checks tags as the server does', async () => {
    renderWithStore(<VideoForm onSaved={jest.fn()} />, makePerformer());
    type('Title', 'My clip');
    const tags = screen.getByLabelText('Tags');
    await act(async () => {
      fireEvent.change(tags, { target: { value: 'ok,bad!tag,' } });
    });
    await submit(/upload video/i);
    expect(await screen.findByText('Tag "bad!tag" must be 1 to 30 letters, digits or hyphens')).toBeInTheDocument();
  });

  it('uploads the files and fields with a progress bar, then says so', async () => {
    let release: (() => void) | undefined;
    const received: { fields: Record<string, string>; files: Record<string, string> }[] = [];
    const saved = makeVideo({ title: 'My clip' });
    server.use(
      http.post(api('/performer/performer-assets/videos/upload'), async ({ request }) => {
        const form = await request.formData();
        const fields: Record<string, string> = {};
        const files: Record<string, string> = {};
        form.forEach((value, key) => {
          if (typeof value === 'string') fields[key] = value;
          else files[key] = (value as File).name;
        });
        received.push({ fields, files });
        await new Promise<void>((r) => (release = r));
        return HttpResponse.json({ data: saved });
      }),
    );
    const onSaved = jest.fn();
    renderWithStore(<VideoForm onSaved={onSaved} />, makePerformer());
    type('Title', '  My clip ');
    type('Description', 'About it');
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Tags'), { target: { value: 'Travel,sea,' } });
    });
    await pick('Video file', makeUpload('mp4 bytes', 'clip.mp4', 'video/mp4'));
    await pick('Thumbnail', makeUpload('jpg bytes', 'cover.jpg', 'image/jpeg'));
    expect(screen.getByText('clip.mp4')).toBeInTheDocument();
    await submit(/upload video/i);
    expect(await screen.findByLabelText('Upload progress')).toBeInTheDocument();
    await waitFor(() => expect(release).toBeDefined());
    expect(received[0]).toEqual({
      fields: { title: 'My clip', description: 'About it', tags: 'travel,sea', access: 'free', status: 'active' },
      files: { video: 'clip.mp4', thumbnail: 'cover.jpg' },
    });
    await act(async () => release!());
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    expect(success).toHaveBeenCalledWith('Video uploaded: processing');
    expect(screen.queryByLabelText('Upload progress')).not.toBeInTheDocument();
  });

  it('puts the server\'s problems under their fields and file pickers', async () => {
    server.use(
      http.post(api('/performer/performer-assets/videos/upload'), () =>
        HttpResponse.json({ statusCode: 422, error: 'Unprocessable Entity', message: 'Price must be between 1.00 and 1000.00 tokens, in steps of 0.01', details: [{ field: 'price', message: 'Price must be between 1.00 and 1000.00 tokens, in steps of 0.01' }] }, { status: 422 }),
        { once: true },
      ),
      http.post(api('/performer/performer-assets/videos/upload'), () =>
        HttpResponse.json({ statusCode: 400, error: 'Bad Request', message: 'video must be a video (MP4, QuickTime, WebM or Matroska)', details: [{ field: 'video', message: 'video must be a video (MP4, QuickTime, WebM or Matroska)' }] }, { status: 400 }),
      ),
    );
    renderWithStore(<VideoForm onSaved={jest.fn()} />, makePerformer());
    type('Title', 'Paid');
    await act(async () => {
      fireEvent.click(screen.getByLabelText('For sale'));
    });
    await act(async () => {
      fireEvent.change(await screen.findByLabelText('Price (tokens)'), { target: { value: '5000' } });
    });
    await pick('Video file', makeUpload('x', 'clip.mp4', 'video/mp4'));
    await submit(/upload video/i);
    expect(await screen.findByText('Price must be between 1.00 and 1000.00 tokens, in steps of 0.01')).toBeInTheDocument();
    await pick('Video file', makeUpload('x', 'clip.mp4', 'video/mp4'));
    await submit(/upload video/i);
    expect(await screen.findByText('video must be a video (MP4, QuickTime, WebM or Matroska)')).toBeInTheDocument();
    expect(failure).not.toHaveBeenCalled();
  });
});

describe('VideoForm: edit', () => {
  it('saves changed fields as JSON and says "Changes saved"', async () => {
    const video = makeVideo({ title: 'Old title', tags: ['one'], access: 'sale', price: 5 });
    const bodies: unknown[] = [];
    server.use(
      http.put(api(`/performer/performer-assets/videos/edit/${video._id}`), async ({ request }) => {
        expect(request.headers.get('content-type')).toContain('application/json');
        bodies.push(await request.json());
        return HttpResponse.json({ data: { ...video, title: 'New title' } });
      }),
    );
    const onSaved = jest.fn();
    renderWithStore(<VideoForm video={video} onSaved={onSaved} />, makePerformer());
    expect(screen.getByLabelText('Title')).toHaveValue('Old title');
    expect(screen.getByLabelText('Price (tokens)')).toHaveValue('5.00');
    type('Title', 'New title');
    await submit(/save changes/i);
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(bodies).toEqual([{ title: 'New title', description: 'A description', tags: ['one'], access: 'sale', price: 5, status: 'active', publishAt: null }]);
    expect(success).toHaveBeenCalledWith('Changes saved');
  });

  it('sends a replaced thumbnail as multipart with the fields', async () => {
    const video = makeVideo();
    const received: string[] = [];
    server.use(
      http.put(api(`/performer/performer-assets/videos/edit/${video._id}`), async ({ request }) => {
        const form = await request.formData();
        form.forEach((value, key) => received.push(typeof value === 'string' ? key : `${key}:${(value as File).name}`));
        return HttpResponse.json({ data: video });
      }),
    );
    renderWithStore(<VideoForm video={video} current={{ thumbnail: <span>current thumb</span> }} onSaved={jest.fn()} />, makePerformer());
    expect(buttonWithText(/replace thumbnail/i, screen.getByText('current thumb').parentElement!)).toBeInTheDocument();
    await pick('Thumbnail', makeUpload('png', 'new.png', 'image/png'));
    await submit(/save changes/i);
    await waitFor(() => expect(success).toHaveBeenCalledWith('Changes saved'));
    expect(received).toEqual(expect.arrayContaining(['title', 'tags', 'access', 'thumbnail:new.png']));
  });
});
