import { and, asc, count, desc, eq, gte, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { performers, users } from '../../db/schema';
import { notBlockedByViewer } from '../blocking/blocking.repository';
import type { Viewer } from '../blocking/viewer';
import { listablePerformers, performersRepository, type PerformerWithViewer } from './performers.repository';
import { readAll } from '../../db/reads';

export type PerformerSort = 'popular' | 'newest' | 'subscribers' | 'updatedAt';

/** Attribute columns a search can filter on by equality. */
export const ATTRIBUTE_FILTERS = [
  'gender', 'sexualOrientation', 'country', 'height', 'weight', 'bodyType', 'ethnicity', 'size', 'hairColor', 'eyeColor',
] as const;
export type AttributeFilter = (typeof ATTRIBUTE_FILTERS)[number];

export interface PerformerSearchCriteria {
  /**
   * A to_tsquery('simple') text made only of letters, digits and our own `:* &` operators (the
   * service builds it); it is still sent as a bound parameter, never spliced into the SQL.
   */
  tsquery: string | null;
  attributes: Partial<Record<AttributeFilter, string>>;
  /** Inclusive date-of-birth range (YYYY-MM-DD) from the age band. */
  bornFrom?: string;
  bornTo?: string;
  isFreeSubscription?: boolean;
  sortBy: PerformerSort;
  sort: 'asc' | 'desc';
  /** Rank text matches first (q given with the default sort). */
  rankByText: boolean;
  /** Only creators with approved documents (while the site requires verification). */
  verifiedOnly: boolean;
  /** Also leave out creators the viewer blocked (the site search; explore keeps them). */
  hideBlockedByViewer?: boolean;
  offset: number;
  limit: number;
}

const tsqueryOf = (text: string) => sql`to_tsquery('simple', ${text})`;

function conditions(c: PerformerSearchCriteria, viewer: Viewer): SQL {
  const where: (SQL | undefined)[] = [listablePerformers(viewer, { verifiedOnly: c.verifiedOnly })];
  if (c.tsquery) where.push(sql`${performers.searchVector} @@ ${tsqueryOf(c.tsquery)}`);
  if (c.hideBlockedByViewer) where.push(notBlockedByViewer(users.id, viewer));
  for (const key of ATTRIBUTE_FILTERS) {
    const value = c.attributes[key];
    if (value !== undefined) where.push(eq(performers[key], value));
  }
  if (c.bornFrom) where.push(gte(performers.dateOfBirth, c.bornFrom));
  if (c.bornTo) where.push(lte(performers.dateOfBirth, c.bornTo));
  if (c.isFreeSubscription !== undefined) where.push(eq(performers.isFreeSubscription, c.isFreeSubscription));
  return and(...where)!;
}

/** Every order ends on the id so pages never overlap or skip rows that tie. */
function ordering(c: PerformerSearchCriteria): SQL[] {
  const rank: SQL[] = c.rankByText && c.tsquery ? [sql`ts_rank(${performers.searchVector}, ${tsqueryOf(c.tsquery)}) desc`] : [];
  switch (c.sortBy) {
    // performers.created_at is the sign-up time too; sorting on the performers table lets the
    // index (popularity/created_at/user_id) serve the page instead of a sort over every creator.
    case 'newest':
      return [...rank, desc(performers.createdAt), asc(performers.userId)];
    case 'subscribers':
      return [...rank, desc(performers.totalSubscribers), desc(performers.popularity), asc(performers.userId)];
    case 'updatedAt':
      return c.sort === 'asc'
        ? [...rank, asc(performers.updatedAt), asc(users.id)]
        : [...rank, desc(performers.updatedAt), desc(users.id)];
    case 'popular':
    default:
      return [...rank, desc(performers.popularity), desc(performers.createdAt), asc(performers.userId)];
  }
}

function countListable(db: Executor, where: SQL) {
  return db.select({ total: count() }).from(users).innerJoin(performers, eq(performers.userId, users.id)).where(where);
}

export interface PerformerPage {
  rows: PerformerWithViewer[];
  total: number;
}

export const performerSearchRepository = {
  async search(db: Executor, criteria: PerformerSearchCriteria, viewer: Viewer): Promise<PerformerPage> {
    const where = conditions(criteria, viewer);
    const [rows, [{ total }]] = await readAll(db,
      () => performersRepository.selectWithViewer(db, viewer).where(where).orderBy(...ordering(criteria))
        .offset(criteria.offset).limit(criteria.limit),
      () => countListable(db, where),
    );
    return { rows, total: Number(total) };
  },

  /**
   * Creators with an avatar first (they make a better first impression), in random order. Suggestion
   * rows are not a paged list: `total` is the number returned, which spares a count of every creator.
   */
  async random(db: Executor, limit: number, viewer: Viewer, verifiedOnly: boolean): Promise<PerformerPage> {
    const rows = await performersRepository.selectWithViewer(db, viewer).where(listablePerformers(viewer, { verifiedOnly }))
      .orderBy(sql`${isNull(users.avatarPath)}`, sql`random()`).limit(limit);
    return { rows, total: rows.length };
  },

  /** The most followed and subscribed creators: an index walk of performers_popular_idx. */
  async top(db: Executor, limit: number, viewer: Viewer, verifiedOnly: boolean): Promise<PerformerPage> {
    const rows = await performersRepository.selectWithViewer(db, viewer).where(listablePerformers(viewer, { verifiedOnly }))
      .orderBy(desc(performers.popularity), desc(performers.createdAt), asc(performers.userId)).limit(limit);
    return { rows, total: rows.length };
  },
};
