import type { FastifyInstance } from 'fastify';
import type { Feed } from '../../../common/contract/feeds';
import type { HashtagResult } from '../../../common/contract/search';
import type { Viewer } from '../blocking/viewer';
import { feedPresenterDeps, presentFeeds } from './feed.dto';
import { feedSearchRepository, type FeedSearchCriteria } from './feed-search.repository';
import type { Page } from './feeds.repository';

/**
 * Posts and hashtags for the site search (modules/search). Posts are presented exactly as the
 * feeds present them, so a locked post shows its text and teaser but never its files.
 */
export function createFeedSearchService(app: Pick<FastifyInstance, 'db' | 'config' | 'storage' | 'media' | 'changeCaches'>) {
  const { db } = app;
  const deps = feedPresenterDeps(app);

  return {
    async posts(viewer: Viewer, criteria: FeedSearchCriteria, page: Page): Promise<{ data: Feed[]; total: number }> {
      const { rows, total } = await feedSearchRepository.posts(db, criteria, viewer, page);
      return { data: await presentFeeds(deps, db, viewer, rows), total };
    },

    async hashtags(viewer: Viewer, prefix: string, verifiedOnly: boolean, page: Page): Promise<{ data: HashtagResult[]; total: number }> {
      const { rows, total } = await feedSearchRepository.hashtags(db, prefix, viewer, verifiedOnly, page);
      return { data: rows, total };
    },
  };
}
