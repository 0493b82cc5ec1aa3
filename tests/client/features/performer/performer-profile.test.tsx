import { screen, waitFor, within } from '@testing-library/react';
import { makeStore } from '@/client/store/store';
import { loginSuccess } from '@/client/features/auth/auth.slice';
import { setCurrentUser } from '@/client/features/user/user.slice';
import { PerformerProfile } from '@/client/features/performer/components/performer-profile';
import { plainDescription } from '@/client/features/performer/components/performer-head';
import { yearlySaving } from '@/client/features/performer/components/subscribe-box';
import { NOT_AVAILABLE_MESSAGE } from '@/common/contract/social';
import { http, HttpResponse } from 'msw';
import { api, installMswServer, server } from '../../../support/msw';
import { installMatchMedia } from '../../components/match-media';
import { makePerformer, makeUser } from '../../fixtures';
import { makePerformerPublic } from './performer-fixtures';
import { renderWithStore } from './render-with-store';

jest.mock('next/router', () => ({
  __esModule: true,
  default: { push: jest.fn(), replace: jest.fn() },
  useRouter: () => ({ asPath: '/aurora', pathname: '/[profileId]', query: { profileId: 'aurora' }, push: jest.fn() }),
}));

installMswServer();
beforeAll(() => installMatchMedia(false));
// The Feed tab (open by default) lists the creator's posts.
const profileViews: string[] = [];
beforeEach(() => {
  profileViews.length = 0;
  server.use(
    http.get(api('/user/feeds/search/:username'), () => HttpResponse.json({ data: { data: [], total: 0 } })),
    http.post(api('/performers/:id/view'), ({ params }) => {
      profileViews.push(String(params.id));
      return HttpResponse.json({ data: { views: 1, counted: true } });
    }),
  );
});

describe('PerformerProfile', () => {
  it('shows the creator: identity, sanitised bio, details, links, stats, video, subscribe box and tabs', async () => {
    const performer = makePerformerPublic({
      bio: '<p>Hi <strong>fans</strong></p><img src=x onerror="alert(1)"><script>alert(2)</script>',
      welcomeVideo: 'http://api.test/uploads/welcome.mp4',
      isFreeSubscription: true,
      freeSubscriptionDays: 7,
    });
    const { container } = renderWithStore(<PerformerProfile performer={performer} />);

    expect(screen.getByRole('heading', { level: 1, name: 'Aurora' })).toBeInTheDocument();
    expect(screen.getByText('@aurora')).toBeInTheDocument();
    expect(screen.getByTestId('verified-badge')).toBeInTheDocument();
    expect(screen.getByText('fans').tagName).toBe('STRONG');
    expect(container.querySelector('script, img[onerror]')).toBeNull();
    expect(screen.getAllByText('Tromsø, Norway').length).toBeGreaterThan(0);
    expect(screen.getByText('Blond')).toBeInTheDocument();
    expect(screen.getByText('25–29')).toBeInTheDocument();

    const website = screen.getByLabelText('Website');
    expect(website).toHaveAttribute('href', 'https://aurora.example.com');
    expect(website).toHaveAttribute('target', '_blank');
    expect(website.getAttribute('rel')).toContain('noopener');

    expect(within(screen.getByTestId('stat-followers')).getByText('1.2K')).toBeInTheDocument();
    expect(within(screen.getByTestId('stat-posts')).getByText('12')).toBeInTheDocument();

    const video = container.querySelector('video')!;
    expect(video).toHaveAttribute('src', 'http://api.test/uploads/welcome.mp4');
    expect(video).toHaveAttribute('preload', 'metadata');
    expect(video).toHaveAttribute('controls');

    const monthly = screen.getByText('Monthly').closest('button')!;
    expect(monthly).not.toBeDisabled();
    expect(monthly).toHaveTextContent('9.99 tokens');
    expect(screen.getByText('Yearly').closest('button')).toHaveTextContent('99.99 tokens');
    expect(screen.getByText('Free for 7 days').closest('button')).not.toBeDisabled();

    expect(screen.getByText('Feed')).toBeInTheDocument();
    expect(screen.getByText('Photos', { selector: '.ant-tabs-tab *' })).toBeInTheDocument();
    expect(screen.getByText('Store')).toBeInTheDocument();
    expect(await screen.findByText('No posts yet')).toBeInTheDocument();
    expect(screen.getByText('Follow').closest('button')).toBeInTheDocument();
    expect(screen.getByLabelText('Bookmark')).toBeInTheDocument();
    expect(screen.queryByText('Edit profile')).not.toBeInTheDocument();
  });

  it('gives the owner an Edit profile link instead of follow and subscribe', () => {
    const performer = makePerformerPublic();
    const store = makeStore();
    const owner = makePerformer({ _id: performer._id });
    store.dispatch(loginSuccess(owner));
    store.dispatch(setCurrentUser(owner));
    renderWithStore(<PerformerProfile performer={performer} />, store);
    expect(screen.getByText('Edit profile').closest('a')).toHaveAttribute('href', '/creator/account');
    expect(screen.queryByText('Follow')).not.toBeInTheDocument();
    expect(screen.queryByText('Monthly')).not.toBeInTheDocument();
  });

  it('tells the owner, and nobody else, that fans cannot pay them while their documents wait', () => {
    const performer = makePerformerPublic({ verifiedDocument: false });
    const store = makeStore();
    const owner = makePerformer({ _id: performer._id, verificationStatus: 'rejected', verificationNote: 'Blurry', payable: false });
    store.dispatch(loginSuccess(owner));
    store.dispatch(setCurrentUser(owner));
    renderWithStore(<PerformerProfile performer={performer} />, store);
    expect(screen.getByTestId('verification-notice')).toHaveTextContent('Reason: Blurry');
  });

  it('counts one profile view for a visitor, and none for the creator on their own page', async () => {
    const performer = makePerformerPublic();
    const first = renderWithStore(<PerformerProfile performer={performer} />);
    await waitFor(() => expect(profileViews).toEqual([performer._id]));
    first.unmount();

    profileViews.length = 0;
    const store = makeStore();
    const owner = makePerformer({ _id: performer._id, username: 'aurora' });
    store.dispatch(setCurrentUser(owner));
    store.dispatch(loginSuccess(owner));
    renderWithStore(<PerformerProfile performer={performer} />, store);
    await new Promise((r) => setTimeout(r, 50));
    expect(profileViews).toEqual([]);
  });

  it('shows no verification notice on someone else\'s page', () => {
    const store = makeStore();
    const other = makePerformer({ _id: 'someone-else', verificationStatus: 'pending', payable: false });
    store.dispatch(loginSuccess(other));
    store.dispatch(setCurrentUser(other));
    renderWithStore(<PerformerProfile performer={makePerformerPublic()} />, store);
    expect(screen.queryByTestId('verification-notice')).toBeNull();
  });

  it('shows a signed-in fan the follow state from the API', () => {
    const store = makeStore();
    store.dispatch(loginSuccess(makeUser()));
    renderWithStore(<PerformerProfile performer={makePerformerPublic({ isFollowed: true })} />, store);
    expect(screen.getByText('Following')).toBeInTheDocument();
  });

  it('shows "not available" with the server message', async () => {
    renderWithStore(<PerformerProfile performer={null} notAvailable={NOT_AVAILABLE_MESSAGE} />);
    expect(await screen.findByText('Not available')).toBeInTheDocument();
    expect(screen.getByText(NOT_AVAILABLE_MESSAGE)).toBeInTheDocument();
  });

  it('shows not found for a missing creator', async () => {
    renderWithStore(<PerformerProfile performer={null} />);
    expect(await screen.findByText('404')).toBeInTheDocument();
  });
});

describe('profile helpers', () => {
  it('plainDescription strips markup and shortens', () => {
    expect(plainDescription('<p>Hello <b>you</b></p><p>there</p>', 'x')).toBe('Hello you there');
    expect(plainDescription('', 'fallback')).toBe('fallback');
    expect(plainDescription(`<p>${'a'.repeat(300)}</p>`, 'x')).toHaveLength(200);
  });

  it('yearlySaving compares a year with twelve months', () => {
    expect(yearlySaving(10, 100)).toBe(17);
    expect(yearlySaving(10, 150)).toBe(0);
    expect(yearlySaving(0, 100)).toBe(0);
  });
});
