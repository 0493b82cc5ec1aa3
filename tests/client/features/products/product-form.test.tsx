import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { ProductForm } from '@/client/features/products/components/product-form';
import { toast } from '@/client/lib/toast';
import { api, installMswServer, server } from '../../../support/msw';
import { buttonWithText } from '../../../support/queries';
import { makeFile, makePerformer } from '../../fixtures';
import { mockRouter } from '../discovery/render-page';
import { renderWithStore } from '../videos/render-video';
import { makeImage, makeOwnProduct } from './product-fixtures';

jest.mock('next/router', () => ({ useRouter: jest.fn() }));

// Whole antd forms under jsdom: several seconds a test on a busy machine.
jest.setTimeout(180_000);
installMswServer();

const CREATE = api('/performer/performer-assets/products');
let push: jest.Mock;
let success: jest.SpyInstance;
let failure: jest.SpyInstance;

beforeAll(() => {
  // jsdom has no object URLs; the picture previews only need a string.
  URL.createObjectURL = jest.fn(() => 'blob:preview');
  URL.revokeObjectURL = jest.fn();
});
beforeEach(() => {
  push = mockRouter({}, '/creator/my-store/create');
  success = jest.spyOn(toast, 'success').mockImplementation(() => undefined);
  failure = jest.spyOn(toast, 'error').mockImplementation(() => undefined);
  server.use(http.get(api('/follows/following/ids'), () => HttpResponse.json({ data: [] })));
});
afterEach(() => jest.restoreAllMocks());

const input = (id: string) => document.getElementById(id) as HTMLInputElement;
const pick = async (id: string, ...files: File[]) => {
  await act(async () => {
    fireEvent.change(input(id), { target: { files } });
  });
};
const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
/** Switches to Digital and waits for the file field (the type is watched, so it renders a beat later). */
const chooseDigital = async () => {
  await act(async () => {
    fireEvent.click(screen.getByLabelText('Digital'));
  });
  await screen.findByLabelText(/^File for buyers/);
};
const submit = async (name: RegExp) => {
  await act(async () => {
    fireEvent.click(buttonWithText(name));
  });
};

/** Records each multipart request's text fields and files (field → file names, in order). */
function recordForm(method: 'post' | 'put', url: string, answer: object) {
  const received: { fields: Record<string, string>; files: Record<string, string[]> }[] = [];
  let release: (() => void) | undefined;
  server.use(
    http[method](url, async ({ request }) => {
      const form = await request.formData();
      const fields: Record<string, string> = {};
      const files: Record<string, string[]> = {};
      form.forEach((value, key) => {
        if (typeof value === 'string') fields[key] = value;
        else files[key] = [...(files[key] ?? []), (value as File).name];
      });
      received.push({ fields, files });
      await new Promise<void>((r) => (release = r));
      return HttpResponse.json({ data: answer });
    }),
  );
  return { received, release: () => release?.(), released: () => release !== undefined };
}

describe('ProductForm: create', () => {
  it('checks every field before sending anything', async () => {
    let sent = false;
    server.use(http.post(CREATE, () => {
      sent = true;
      return HttpResponse.json({});
    }));
    renderWithStore(<ProductForm />, makePerformer());
    await submit(/add to store/i);
    expect(await screen.findByText('Please enter a name')).toBeInTheDocument();
    expect(screen.getByText('Please enter a price')).toBeInTheDocument();
    expect(screen.getByText('Please enter how many you have')).toBeInTheDocument();
    expect(screen.getByText('Please add at least one picture')).toBeInTheDocument();
    type(/^Stock/, '-3');
    await submit(/add to store/i);
    expect(await screen.findByText('Stock must be a whole number from 0 to 1,000,000')).toBeInTheDocument();
    await chooseDigital();
    await submit(/add to store/i);
    expect(await screen.findByText('Please choose the file buyers download')).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Stock/)).not.toBeInTheDocument();
    expect(sent).toBe(false);
  });

  it('refuses pictures that are not images, keeping the good ones', async () => {
    renderWithStore(<ProductForm />, makePerformer());
    await pick('image', makeFile('png', 'one.png', 'image/png'), makeFile('%PDF', 'doc.pdf', 'application/pdf'));
    expect(failure).toHaveBeenCalledWith('Please choose JPEG, PNG, WebP or GIF images');
    expect(screen.getByAltText('Picture 1: one.png')).toBeInTheDocument();
    expect(screen.queryByAltText(/doc\.pdf/)).not.toBeInTheDocument();
    expect(screen.getByText(/1\/10 pictures/)).toBeInTheDocument();
  });

  it('sends a digital product with its pictures and file in one form, with a progress bar, then says "Changes saved"', async () => {
    const saved = makeOwnProduct({ type: 'digital' });
    const form = recordForm('post', CREATE, saved);
    renderWithStore(<ProductForm />, makePerformer());
    type(/^Name/, '  Cookbook ');
    type(/^Description/, 'Fifty recipes');
    await chooseDigital();
    type(/^Price/, '9.5');
    await pick('image', makeFile('a', 'cover.png', 'image/png'), makeFile('b', 'inside.jpg', 'image/jpeg'));
    await pick('digitalFile', makeFile('%PDF-1.4', 'cookbook.pdf', 'application/pdf'));
    expect(screen.getByText('cookbook.pdf')).toBeInTheDocument();
    // Remove the second picture again: only what is shown is sent.
    await act(async () => {
      fireEvent.click(screen.getByLabelText('Remove inside.jpg'));
    });
    await submit(/add to store/i);
    expect(await screen.findByLabelText('Upload progress')).toBeInTheDocument();
    expect(buttonWithText(/add to store/i)).toHaveClass('ant-btn-loading');
    await waitFor(() => expect(form.released()).toBe(true));
    expect(form.received[0]).toEqual({
      fields: { name: 'Cookbook', description: 'Fifty recipes', type: 'digital', price: '9.5', status: 'active' },
      files: { image: ['cover.png'], digitalFile: ['cookbook.pdf'] },
    });
    await act(async () => form.release());
    await waitFor(() => expect(success).toHaveBeenCalledWith('Changes saved'));
    expect(push).toHaveBeenCalledWith('/creator/my-store');
    expect(screen.queryByLabelText('Upload progress')).not.toBeInTheDocument();
  });

  it('puts the server\'s problems under their fields', async () => {
    server.use(
      http.post(CREATE, () =>
        HttpResponse.json({
          statusCode: 422, error: 'Unprocessable Entity', message: 'Price must be between 1.00 and 1000.00 tokens, in steps of 0.01',
          details: [{ field: 'price', message: 'Price must be between 1.00 and 1000.00 tokens, in steps of 0.01' }],
        }, { status: 422 }), { once: true }),
      http.post(CREATE, () =>
        HttpResponse.json({
          statusCode: 400, error: 'Bad Request', message: 'image must be an image (JPEG, PNG, WebP or GIF)',
          details: [{ field: 'image', message: 'image must be an image (JPEG, PNG, WebP or GIF)' }],
        }, { status: 400 })),
    );
    renderWithStore(<ProductForm />, makePerformer());
    type(/^Name/, 'Mug');
    type(/^Stock/, '4');
    type(/^Price/, '5000');
    await pick('image', makeFile('a', 'mug.png', 'image/png'));
    await submit(/add to store/i);
    expect(await screen.findByText('Price must be between 1.00 and 1000.00 tokens, in steps of 0.01')).toBeInTheDocument();
    await submit(/add to store/i);
    expect(await screen.findByText('Image must be an image (JPEG, PNG, WebP or GIF)')).toBeInTheDocument();
    expect(failure).not.toHaveBeenCalled();
    expect(success).not.toHaveBeenCalled();
  });

  it('shows a failure without field details as a message', async () => {
    server.use(http.post(CREATE, () => HttpResponse.json({ statusCode: 413, error: 'Payload Too Large', message: 'This file is too large: the limit is 20 MB' }, { status: 413 })));
    renderWithStore(<ProductForm />, makePerformer());
    type(/^Name/, 'Mug');
    type(/^Stock/, '4');
    type(/^Price/, '5');
    await pick('image', makeFile('a', 'mug.png', 'image/png'));
    await submit(/add to store/i);
    await waitFor(() => expect(failure).toHaveBeenCalledWith('This file is too large: the limit is 20 MB'));
  });
});

describe('ProductForm: edit', () => {
  it('saves as JSON when no file changes, keeping the pictures left in order', async () => {
    const [a, b] = [makeImage(), makeImage()];
    const product = makeOwnProduct({ name: 'Poster', stock: 2, images: [a, b] });
    let body: unknown;
    server.use(http.put(api(`/performer/performer-assets/products/${product._id}`), async ({ request }) => {
      body = await request.json();
      return HttpResponse.json({ data: product });
    }));
    renderWithStore(<ProductForm product={product} />, makePerformer());
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Poster');
    await act(async () => {
      fireEvent.click(screen.getByLabelText(`Remove ${a.name}`));
    });
    type(/^Stock/, '7');
    await submit(/save changes/i);
    await waitFor(() => expect(success).toHaveBeenCalledWith('Changes saved'));
    expect(body).toEqual({ name: 'Poster', description: 'A signed print', type: 'physical', price: 12.5, status: 'active', stock: 7, imageIds: [b._id] });
  });

  it('sends new pictures as multipart after the kept ones', async () => {
    const product = makeOwnProduct();
    const form = recordForm('put', api(`/performer/performer-assets/products/${product._id}`), product);
    renderWithStore(<ProductForm product={product} />, makePerformer());
    await pick('image', makeFile('n', 'new.png', 'image/png'));
    await submit(/save changes/i);
    await waitFor(() => expect(form.released()).toBe(true));
    expect(form.received[0].fields.imageIds).toBe(product.images[0]._id);
    expect(form.received[0].files).toEqual({ image: ['new.png'] });
    await act(async () => form.release());
    await waitFor(() => expect(success).toHaveBeenCalledWith('Changes saved'));
  });

  it('shows the digital file\'s state and offers to replace it', () => {
    const product = makeOwnProduct({
      type: 'digital', stock: null, hasDigitalFile: true,
      digitalFile: { _id: 'f1', name: 'guide.pdf', kind: 'document', mimeType: 'application/pdf', size: 2048, status: 'failed', failureReason: 'The video could not be read' },
    });
    renderWithStore(<ProductForm product={product} />, makePerformer());
    expect(screen.getByText('guide.pdf')).toBeInTheDocument();
    expect(screen.getByText('Processing failed')).toBeInTheDocument();
    expect(screen.getByText('The video could not be read')).toBeInTheDocument();
    expect(buttonWithText(/replace file/i)).toBeInTheDocument();
  });
});
