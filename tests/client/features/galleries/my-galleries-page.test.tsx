import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Gallery } from '@/common/contract/galleries';
import { MyGalleriesPage } from '@/client/features/galleries/components/my-galleries-page';
import { toast } from '@/client/lib/toast';
import { api, installMswServer, server } from '../../../support/msw';
import { buttonWithText } from '../../../support/queries';
import { makePerformer } from '../../fixtures';
import { lastPushedQuery, mockRouter, renderPage } from '../discovery/render-page';
import { makeGallery } from './gallery-fixtures';

jest.mock('next/router', () => ({ useRouter: jest.fn() }));

installMswServer();
let success: jest.SpyInstance;
let failure: jest.SpyInstance;
beforeEach(() => {
  success = jest.spyOn(toast, 'success').mockImplementation(() => undefined);
  failure = jest.spyOn(toast, 'error').mockImplementation(() => undefined);
  server.use(http.get(api('/follows/following/ids'), () => HttpResponse.json({ data: [] })));
});
afterEach(() => {
  success.mockRestore();
  failure.mockRestore();
});

function serveMine(items: Gallery[]) {
  const queries: Record<string, string>[] = [];
  server.use(
    http.get(api('/performer/performer-assets/galleries/search'), ({ request }) => {
      queries.push(Object.fromEntries(new URL(request.url).searchParams));
      return HttpResponse.json({ data: { data: items, total: items.length } });
    }),
  );
  return queries;
}

describe('My galleries (/creator/my-gallery)', () => {
  it('shows my galleries with status, access and photo count, with filters in the URL', async () => {
    const queries = serveMine([
      makeGallery({ title: 'Draft one', status: 'draft', totalPhotos: 0, cover: null }),
      makeGallery({ title: 'Later one', isScheduled: true, access: 'sale', price: 9.99, publishAt: '2030-01-01T10:00:00.000Z' }),
      makeGallery({ title: 'Live one', access: 'subscribers', totalPhotos: 1 }),
    ]);
    const push = mockRouter({ q: 'one', sortBy: 'title', sort: 'asc' }, '/creator/my-gallery');
    renderPage(<MyGalleriesPage />, makePerformer());

    const draft = within(await screen.findByRole('article', { name: 'Draft one' }));
    expect(draft.getByText('Draft')).toBeInTheDocument();
    expect(draft.getByText('0 photos')).toBeInTheDocument();
    const later = within(screen.getByRole('article', { name: 'Later one' }));
    expect(later.getByText(/^Scheduled/)).toBeInTheDocument();
    expect(later.getByText('9.99 tokens')).toBeInTheDocument();
    const live = within(screen.getByRole('article', { name: 'Live one' }));
    expect(live.getByText('Published')).toBeInTheDocument();
    expect(live.getByText('Subscribers')).toBeInTheDocument();
    expect(live.getByText('1 photo')).toBeInTheDocument();
    expect(live.getByRole('link', { name: 'Live one' }).getAttribute('href')).toMatch(/^\/creator\/my-gallery\//);
    expect(queries[0]).toEqual({ offset: '0', limit: '12', sortBy: 'title', sort: 'asc', q: 'one' });

    fireEvent.change(screen.getByLabelText('Search my galleries'), { target: { value: 'beach' } });
    fireEvent.keyDown(screen.getByLabelText('Search my galleries'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(lastPushedQuery(push)).toMatchObject({ q: 'beach' });
  });

  it('creates a gallery: checks the form, shows the server\'s price problem under the field, then saves and opens it', async () => {
    serveMine([]);
    const push = mockRouter({}, '/creator/my-gallery');
    const bodies: unknown[] = [];
    let refuse = true;
    server.use(
      http.post(api('/performer/performer-assets/galleries'), async ({ request }) => {
        bodies.push(await request.json());
        if (refuse) {
          refuse = false;
          const message = 'Price must be between 1.00 and 1000.00 tokens, in steps of 0.01';
          return HttpResponse.json({ statusCode: 422, error: 'Unprocessable Entity', message, details: [{ field: 'price', message }] }, { status: 422 });
        }
        return HttpResponse.json({ data: makeGallery({ _id: '00000000-0000-4000-8000-000000000777', title: 'Beach' }) });
      }),
    );
    renderPage(<MyGalleriesPage />, makePerformer());
    await screen.findByText(/create your first gallery/i);
    fireEvent.click(buttonWithText(/create your first gallery/i));
    const dialogEl = await screen.findByRole('dialog');
    const dialog = within(dialogEl);

    fireEvent.click(buttonWithText(/create and add photos/i, dialogEl));
    expect(await dialog.findByText('Please enter a title')).toBeInTheDocument();
    expect(bodies).toEqual([]);

    fireEvent.change(dialog.getByLabelText('Title'), { target: { value: '  Beach  ' } });
    fireEvent.change(dialog.getByLabelText(/^Description/), { target: { value: 'Sand and sun' } });
    fireEvent.click(dialog.getByLabelText('For sale'));
    fireEvent.click(buttonWithText(/create and add photos/i, dialogEl));
    expect(await dialog.findByText('Please enter a price')).toBeInTheDocument();

    fireEvent.change(dialog.getByLabelText('Price (tokens)'), { target: { value: '0.5' } });
    fireEvent.click(buttonWithText(/create and add photos/i, dialogEl));
    expect(await dialog.findByText('Price must be between 1.00 and 1000.00 tokens, in steps of 0.01')).toBeInTheDocument();
    expect(bodies[0]).toEqual({ title: 'Beach', description: 'Sand and sun', access: 'sale', price: 0.5, status: 'active', publishAt: null });

    fireEvent.change(dialog.getByLabelText('Price (tokens)'), { target: { value: '4.99' } });
    await act(async () => {
      fireEvent.click(buttonWithText(/create and add photos/i, dialogEl));
    });
    await waitFor(() => expect(push).toHaveBeenCalledWith('/creator/my-gallery/00000000-0000-4000-8000-000000000777'));
    expect(bodies[1]).toMatchObject({ price: 4.99 });
    expect(success).toHaveBeenCalledWith('Changes saved');
  });
});
