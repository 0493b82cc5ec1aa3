import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { NextPageContext } from 'next';
import type { Post, PostSummary } from '@/common/contract/posts';
import { SiteFooter } from '@/client/layouts/site-footer';
import { loadStaticPage } from '@/client/features/static-pages/load-static-page';
import { StaticPage } from '@/client/features/static-pages/components/static-page';
import { api, installMswServer, server } from '../../../support/msw';
import { renderWithUser } from './engagement-render';

jest.mock('next/router', () => ({ __esModule: true, default: { push: jest.fn(), replace: jest.fn() }, useRouter: () => ({ asPath: '/', push: jest.fn() }) }));

installMswServer();

const summary = (slug: string, title: string, ordering: number): PostSummary => ({ _id: `id-${slug}`, slug, title, ordering });
const about: Post = {
  ...summary('about', 'About us', 10),
  content: '<p>We are <b>creators</b>.</p><img src=x onerror="alert(1)">',
  status: 'published',
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
};

describe('footer links to the static pages', () => {
  it('lists the published pages once, in their order, then the contact page', async () => {
    const calls: string[] = [];
    server.use(
      http.get(api('/posts/search'), ({ request }) => {
        calls.push(new URL(request.url).search);
        return HttpResponse.json({ data: { data: [summary('about', 'About us', 10), summary('terms-of-service', 'Terms of service', 20)], total: 2 } });
      }),
    );
    renderWithUser(<SiteFooter />);
    const nav = await screen.findByRole('navigation', { name: 'Footer' });
    await waitFor(() => expect(screen.getByRole('link', { name: 'About us' })).toHaveAttribute('href', '/page/about'));
    expect(screen.getByRole('link', { name: 'Terms of service' })).toHaveAttribute('href', '/page/terms-of-service');
    expect([...nav.querySelectorAll('a')].map((a) => a.textContent)).toEqual(['About us', 'Terms of service', 'Contact us']);
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
    expect(calls).toEqual(['?limit=20']);
  });

  it('still renders, with the contact link, when the call fails', async () => {
    let called = false;
    server.use(http.get(api('/posts/search'), () => ((called = true), HttpResponse.json({ statusCode: 500, error: 'x', message: 'down' }, { status: 500 }))));
    renderWithUser(<SiteFooter />);
    await waitFor(() => expect(called).toBe(true));
    expect(screen.getByText(new RegExp(`© ${new Date().getFullYear()}`))).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Footer' });
    expect([...nav.querySelectorAll('a')].map((a) => a.textContent)).toEqual(['Contact us']);
  });
});

describe('/page/[slug]', () => {
  const ctx = (slug: string) => {
    const res = { statusCode: 200 };
    return { ctx: { query: { slug }, res } as unknown as NextPageContext, res };
  };

  it('loads a page by slug and renders its sanitised content', async () => {
    server.use(http.get(api('/posts/about'), () => HttpResponse.json({ data: about })));
    const { ctx: context } = ctx('about');
    const props = await loadStaticPage(context);
    expect(props).toEqual({ page: about });
    renderWithUser(<StaticPage {...props} />);
    expect(screen.getByRole('heading', { name: 'About us', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('creators').tagName).toBe('B');
    expect(document.querySelector('img')).toBeNull();
  });

  it('answers 404 with the not-found screen for a missing page', async () => {
    server.use(http.get(api('/posts/nope'), () => HttpResponse.json({ statusCode: 404, error: 'Not Found', message: 'Page not found' }, { status: 404 })));
    const { ctx: context, res } = ctx('nope');
    const props = await loadStaticPage(context);
    expect(props).toEqual({ page: null });
    expect(res.statusCode).toBe(404);
    await loadProblemScreen();
    renderWithUser(<StaticPage {...props} />);
    expect(await screen.findByText('404')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });

  it('says the page could not be loaded, with the reason, when the call fails', async () => {
    server.use(http.get(api('/posts/about'), () => HttpResponse.json({ statusCode: 500, error: 'x', message: 'The database is down' }, { status: 500 })));
    const props = await loadStaticPage(ctx('about').ctx);
    expect(props.page).toBeNull();
    await loadProblemScreen();
    renderWithUser(<StaticPage {...props} />);
    expect(await screen.findByText('We could not load this page')).toBeInTheDocument();
    expect(screen.getByText('The database is down')).toBeInTheDocument();
  });
});

/** The not-found and failure screens are drawn with antd and loaded on demand: loaded first, a find* waits for behaviour, not for antd's first import. */
const loadProblemScreen = () => import('@/client/features/static-pages/components/static-page-problem');
