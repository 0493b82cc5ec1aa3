import { act, fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { FeedCard } from '@/client/features/feeds/components/feed-card';
import { api, installMswServer, server } from '../../../support/msw';
import { makeUser } from '../../fixtures';
import { creatorUser, makeFeed, makeFile, makePoll, renderFeedUi } from './feed-fixtures';

jest.mock('next/router', () => ({ useRouter: () => ({ asPath: '/home', push: jest.fn(), query: {}, pathname: '/home' }) }));

installMswServer();
beforeEach(() => server.use(http.get(api('/follows/following/ids'), () => HttpResponse.json({ data: [] }))));

const mainUrls = () =>
  Array.from(document.querySelectorAll('img, video, audio')).map((el) => el.getAttribute('src') ?? '').filter((src) => src.includes('/main.'));

describe('FeedCard', () => {
  it('shows an open post: author, time link, text, photos, players and reactions', () => {
    const photos = [makeFile(), makeFile()];
    const clip = makeFile({ type: 'feed-video', kind: 'video', mimeType: 'video/mp4', url: 'http://api.test/files/media/x/v1/main.mp4?sig=x' });
    const feed = makeFeed({ type: 'video', files: [...photos, clip], text: '<p>Beach <b>day</b></p><script>alert(1)</script>' });
    renderFeedUi(<FeedCard feed={feed} />, makeUser());
    const article = screen.getByRole('article', { name: 'Post by Aurora Sky' });
    expect(within(article).getByRole('link', { name: /Aurora Sky/ })).toHaveAttribute('href', '/aurora');
    expect(within(article).getByText('1 hour ago').closest('a')).toHaveAttribute('href', `/post/${feed._id}`);
    expect(within(article).getByText('day').tagName).toBe('B');
    expect(article.querySelector('script')).toBeNull();
    expect(within(article).getByRole('img', { name: 'Photo 1 of 2' })).toHaveAttribute('src', photos[0].url);
    expect(within(article).getByLabelText('Video 1')).toHaveAttribute('src', clip.url);
    expect(within(article).getByRole('button', { name: 'Like' })).toBeEnabled();
    expect(within(article).getByRole('link', { name: /2 comments/ })).toHaveAttribute('href', `/post/${feed._id}#comments`);
    expect(within(article).getByRole('button', { name: /report/i })).toBeInTheDocument();
  });

  it('shows a locked post as blurred preview, teaser and the unlock call to action, never a main file', () => {
    const files = [makeFile({ isLocked: true }), makeFile({ isLocked: true }), makeFile({ isLocked: true, type: 'feed-video', kind: 'video' })];
    const teaser = makeFile({ type: 'feed-teaser', kind: 'video', url: 'http://api.test/files/media/x/t1/main.mp4?sig=x' });
    const feed = makeFeed({ type: 'video', files, teaser, access: 'subscribers', isLocked: true, unlockedBy: null });
    renderFeedUi(<FeedCard feed={feed} />, makeUser());
    const locked = screen.getByRole('group', { name: 'Locked post' });
    expect(within(locked).getByText('Subscribe to unlock')).toBeInTheDocument();
    expect(locked.querySelector('img')).toHaveAttribute('src', files[0].thumbnails[0]);
    expect(screen.getByText('Unlock to see 2 photos · 1 video')).toBeInTheDocument();
    // The public teaser plays; the post's own files do not appear at all.
    expect(screen.getByLabelText('Teaser')).toHaveAttribute('src', teaser.url);
    expect(mainUrls()).toEqual([teaser.url]);
    expect(screen.getByRole('button', { name: 'Like' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Bookmark' })).toBeEnabled();
  });

  it('offers a post for sale at its price, and a locked text post its unlock prompt', () => {
    renderFeedUi(<FeedCard feed={makeFeed({ access: 'sale', price: 4.5, isLocked: true, unlockedBy: null })} />, makeUser());
    expect(screen.getByRole('group', { name: 'Locked post' })).toHaveTextContent('Unlock for 4.50 tokens');
    expect(screen.getAllByText('4.50 tokens').length).toBeGreaterThan(0);
  });

  it('shows the creator their draft, scheduled and pinned badges, without a report button', () => {
    const later = new Date(Date.now() + 86_400_000).toISOString();
    renderFeedUi(<FeedCard feed={makeFeed({ isPinned: true, isScheduled: true, publishAt: later, unlockedBy: 'owner' })} />, creatorUser());
    expect(screen.getByText('Pinned')).toBeInTheDocument();
    expect(screen.getByText(/^Scheduled /)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /report/i })).not.toBeInTheDocument();
  });
});

describe('FeedPoll in a card', () => {
  it('hides results until the viewer votes, then shows counts and their choice', async () => {
    const poll = makePoll();
    let sent: unknown;
    server.use(
      http.post(api(`/user/feeds/vote/${poll._id}`), async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({
          data: { ...poll, voted: poll.options[1]._id, canVote: false, canSeeResults: true, totalVotes: 4, options: [{ ...poll.options[0], votes: 1 }, { ...poll.options[1], votes: 3 }] },
        });
      }),
    );
    renderFeedUi(<FeedCard feed={makeFeed({ type: 'poll', poll })} />, makeUser());
    const box = screen.getByRole('region', { name: 'Poll' });
    expect(within(box).queryByText(/votes?$/)).not.toBeInTheDocument();
    const vote = within(box).getByRole('button', { name: 'Vote' });
    expect(vote).toBeDisabled();
    fireEvent.click(within(box).getByRole('radio', { name: 'Blue' }));
    await act(async () => fireEvent.click(vote));
    expect(sent).toEqual({ optionId: poll.options[1]._id });
    expect(await within(box).findByText('3 · 75%')).toBeInTheDocument();
    expect(within(box).getByText('1 · 25%')).toBeInTheDocument();
    expect(within(box).getByLabelText('Your vote')).toBeInTheDocument();
    expect(within(box).getByText('4 votes')).toBeInTheDocument();
    expect(within(box).queryByRole('button', { name: 'Vote' })).not.toBeInTheDocument();
  });

  it('tells a locked viewer to unlock and a signed-out visitor to sign in', () => {
    renderFeedUi(<FeedCard feed={makeFeed({ type: 'poll', isLocked: true, access: 'subscribers', poll: makePoll({ canVote: false }) })} />, makeUser());
    expect(screen.getByText('Unlock this post to vote.')).toBeInTheDocument();
    expect(screen.getAllByRole('radio').every((r) => (r as HTMLInputElement).disabled)).toBe(true);
  });

  it('asks signed-out visitors to sign in', () => {
    renderFeedUi(<FeedCard feed={makeFeed({ type: 'poll', poll: makePoll({ canVote: false }) })} />);
    expect(screen.getByRole('button', { name: 'Sign in to vote' })).toBeInTheDocument();
  });
});
