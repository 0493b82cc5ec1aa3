import type { FastifyInstance } from 'fastify';
import type { PerformerCard, PerformerSearchQuery } from '../../../common/contract/performers';
import { ageRangeOf } from '../../../common/constants/performer-attributes';
import type { Viewer } from '../blocking/viewer';
import { toPerformerCard } from './performer.dto';
import {
  ATTRIBUTE_FILTERS, performerSearchRepository, type PerformerPage, type PerformerSearchCriteria, type PerformerSort,
} from './performer-search.repository';

/** More words than this add nothing but cost; the rest of a pasted paragraph is ignored. */
const MAX_WORDS = 8;
/** A word joined by dots, hyphens or underscores, as usernames are ("nia.cooks"). */
const JOINED = /^[\p{L}\p{M}\p{N}]+(?:[._-][\p{L}\p{M}\p{N}]+)+$/u;

/**
 * A prefix query over the words of `q` ("ana bel" → "ana:* & bel:*"), or null when `q` has no
 * letters or digits. Everything but letters, digits and the joiners `. - _` becomes a space, so
 * what is left can never be tsquery syntax ("o'reilly" → o, reilly, as PostgreSQL's parser cuts
 * the indexed text). A joined word may match whole (the parser indexes "nia.cooks" as one token)
 * or by its parts (as names and bios are indexed).
 */
export function toPrefixQuery(q: string | undefined): string | null {
  if (!q) return null;
  const chunks = q.normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{M}\p{N}._-]+/gu, ' ').split(' ').filter(Boolean);
  const terms: string[] = [];
  for (const chunk of chunks) {
    const parts = chunk.split(/[._-]+/).filter(Boolean);
    if (!parts.length) continue;
    const all = parts.map((p) => `${p}:*`).join(' & ');
    terms.push(JOINED.test(chunk) ? `(${chunk}:* | ${all})` : all);
    if (terms.length === MAX_WORDS) break;
  }
  return terms.length ? terms.join(' & ') : null;
}

const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The inclusive date-of-birth range of an age band on `now` (UTC, as `ageBandOf` counts): aged
 * `min` means born on or before today `min` years ago; aged at most `max` means born after today
 * `max + 1` years ago.
 */
export function birthDateRange(band: string, now = new Date()): { bornFrom: string; bornTo: string } | null {
  const range = ageRangeOf(band);
  if (!range) return null;
  const [min, max] = range;
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const d = now.getUTCDate();
  return {
    bornFrom: isoDate(new Date(Date.UTC(y - max - 1, m, d + 1))),
    bornTo: isoDate(new Date(Date.UTC(y - min, m, d))),
  };
}

/**
 * Creator discovery: search with filters, suggestions, the most followed. While the site requires
 * verification, only creators with approved documents are offered (to everyone, operators and the
 * creator themself included: explore shows what fans see); their own profile stays reachable.
 */
export function createPerformerSearchService(deps: Pick<FastifyInstance, 'db' | 'config' | 'storage' | 'settings'>) {
  const urls = { storage: deps.storage, webOrigin: deps.config.webOrigin };
  const verifiedOnly = () => deps.settings.get('requireCreatorVerification');
  const toList = ({ rows, total }: PerformerPage): { data: PerformerCard[]; total: number } => ({
    data: rows.map((row) => toPerformerCard(urls, row)),
    total,
  });

  return {
    async search(query: PerformerSearchQuery, viewer: Viewer, options: { hideBlockedByViewer?: boolean } = {}) {
      const tsquery = toPrefixQuery(query.q);
      const sortBy = (query.sortBy ?? 'popular') as PerformerSort;
      const attributes: PerformerSearchCriteria['attributes'] = {};
      for (const key of ATTRIBUTE_FILTERS) {
        const value = query[key];
        if (value !== undefined) attributes[key] = key === 'country' ? value.toUpperCase() : value;
      }
      const born = query.age ? birthDateRange(query.age) : null;
      return toList(
        await performerSearchRepository.search(
          deps.db,
          {
            tsquery,
            attributes,
            ...(born ?? {}),
            isFreeSubscription: query.isFreeSubscription,
            sortBy,
            sort: query.sort ?? 'desc',
            // Best match first unless the visitor picked an order of their own.
            rankByText: sortBy === 'popular',
            verifiedOnly: await verifiedOnly(),
            hideBlockedByViewer: options.hideBlockedByViewer,
            offset: query.offset ?? 0,
            limit: query.limit ?? 10,
          },
          viewer,
        ),
      );
    },

    async random(limit: number | undefined, viewer: Viewer) {
      return toList(await performerSearchRepository.random(deps.db, limit ?? 12, viewer, await verifiedOnly()));
    },

    async top(limit: number | undefined, viewer: Viewer) {
      return toList(await performerSearchRepository.top(deps.db, limit ?? 12, viewer, await verifiedOnly()));
    },
  };
}
