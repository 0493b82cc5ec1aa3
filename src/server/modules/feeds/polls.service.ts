import type { FastifyInstance } from 'fastify';
import type { CreatePollBody, FeedPoll } from '../../../common/contract/feeds';
import { badRequest, conflict, notFound, unprocessable } from '../../lib/http-error';
import type { Viewer } from '../blocking/viewer';
import { requireUnlockedItem } from '../content/content-access.service';
import { isPollClosed, toFeedPoll } from './feed.dto';
import { feedsRepository } from './feeds.repository';
import { pollsRepository } from './polls.repository';
import { requireUuid } from '../../shared/ids';

type SignedIn = Viewer & { userId: string };
const POLL_NOT_FOUND = 'Poll not found';
const fail = (field: string, message: string) => badRequest(message, [{ field, message }]);

/**
 * Polls: a creator makes one, then names it in a post (`pollId`). Votes are by poll id: one per
 * person (the vote row's primary key decides, so two at once give one 200 and one 409), only while
 * the poll is open (422 after `expiresAt`), only from viewers who can open the post, never from its
 * creator (their vote would tilt their own question).
 */
export function createPollsService(app: Pick<FastifyInstance, 'db'>) {
  const { db } = app;

  return {
    async create(viewer: SignedIn, body: CreatePollBody): Promise<FeedPoll> {
      const options = body.options.map((o) => o.trim());
      options.forEach((text, i) => {
        if (!text) throw fail(`options.${i}`, 'An option cannot be empty');
      });
      const seen = new Set<string>();
      options.forEach((text, i) => {
        const key = text.toLocaleLowerCase();
        if (seen.has(key)) throw fail(`options.${i}`, 'Options must all be different');
        seen.add(key);
      });
      const expiresAt = body.expiresAt ? new Date(body.expiresAt) : null;
      if (expiresAt && expiresAt.getTime() <= Date.now()) throw fail('expiresAt', 'The end time must be in the future');
      const created = await db.transaction((tx) =>
        pollsRepository.insert(tx, { performerId: viewer.userId, question: body.question?.trim() ?? '', expiresAt }, options),
      );
      return toFeedPoll(created, { voted: null, privileged: true, canOpen: true, signedIn: true, isOwner: true });
    },

    async vote(viewer: SignedIn, pollId: string, optionId: string): Promise<FeedPoll> {
      return db.transaction(async (tx) => {
        const poll = await pollsRepository.findById(tx, requireUuid(pollId));
        // A poll not (yet) in a post has no audience.
        const feed = poll ? await feedsRepository.findByPoll(tx, poll.id) : null;
        if (!poll || !feed) throw notFound(POLL_NOT_FOUND);
        const { access } = await requireUnlockedItem(tx, 'feed', feed.id, viewer, 'Unlock this post to vote');
        if (feed.performerId === viewer.userId) throw badRequest('You cannot vote in your own poll');
        const loaded = (await pollsRepository.withOptions(tx, [poll.id])).get(poll.id)!;
        const option = loaded.options.find((o) => o.id === optionId.toLowerCase());
        if (!option) throw fail('optionId', 'This option is not part of the poll');
        if (isPollClosed(poll.expiresAt)) throw unprocessable('This poll is closed');
        if (!(await pollsRepository.vote(tx, poll.id, viewer.userId, option.id))) throw conflict('You already voted in this poll');
        const after = (await pollsRepository.withOptions(tx, [poll.id])).get(poll.id)!;
        return toFeedPoll(after, {
          voted: option.id, privileged: viewer.role === 'admin', canOpen: !access.isLocked, signedIn: true, isOwner: false,
        });
      });
    },
  };
}
