import type { FastifyInstance } from 'fastify';
import type { SearchQuery, SearchResults, SearchType } from '../../../common/contract/search';
import { SEARCH_PAGE_SIZE } from '../../../common/contract/search';
import type { Viewer } from '../blocking/viewer';
import { createFeedSearchService } from '../feeds/feed-search.service';
import { createPerformerSearchService } from '../performers/performer-search.service';
import { parseSearch } from './search-query';

const EMPTY = { data: [], total: 0 };

/**
 * The site search: creators through the discovery search (its ranking, its visibility rules),
 * posts and hashtags through the feeds module. Blocks count both ways here: creators who blocked
 * the viewer (account or country) and accounts the viewer blocked are both left out.
 */
export function createSearchService(app: Pick<FastifyInstance, 'db' | 'config' | 'storage' | 'settings' | 'media' | 'changeCaches'>) {
  const creators = createPerformerSearchService(app);
  const feeds = createFeedSearchService(app);

  return {
    async search(query: SearchQuery, viewer: Viewer): Promise<SearchResults> {
      const type = query.type ?? 'all';
      const page = { offset: query.offset ?? 0, limit: query.limit ?? SEARCH_PAGE_SIZE };
      const parsed = parseSearch(query.q);
      const verifiedOnly = await app.settings.get('requireCreatorVerification');
      const wants = (kind: SearchType) => type === 'all' || type === kind;

      const [creatorList, postList, hashtagList] = await Promise.all([
        wants('creators')
          ? creators.search({ q: query.q, offset: page.offset, limit: page.limit }, viewer, { hideBlockedByViewer: true })
          : null,
        wants('posts') && (parsed.tsquery || parsed.tags.length)
          ? feeds.posts(viewer, { tsquery: parsed.tsquery, tags: parsed.tags, verifiedOnly }, page)
          : wants('posts') ? EMPTY : null,
        wants('hashtags') && parsed.tagPrefix
          ? feeds.hashtags(viewer, parsed.tagPrefix, verifiedOnly, page)
          : wants('hashtags') ? EMPTY : null,
      ]);
      return { q: query.q, type, creators: creatorList, posts: postList, hashtags: hashtagList };
    },
  };
}
