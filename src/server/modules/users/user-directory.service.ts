import type { FastifyInstance } from 'fastify';
import type { UserPublic } from '../../../common/contract/users';
import { badRequest, notFound } from '../../lib/http-error';
import { toUserPublic } from './user-public.dto';
import {
  DIRECTORY_SORTS, userDirectoryRepository, type DirectorySort,
} from './user-directory.repository';
import { isUuid } from '../../shared/ids';


export interface DirectorySearch {
  q?: string;
  sortBy?: string;
  sort?: 'asc' | 'desc';
  offset?: number;
  limit?: number;
}

/** Creators and admins looking up fans (to check who wrote, to block someone). */
export function createUserDirectoryService(deps: Pick<FastifyInstance, 'db' | 'config' | 'storage'>) {
  const urls = { storage: deps.storage, webOrigin: deps.config.webOrigin };
  return {
    async search(query: DirectorySearch) {
      const sortBy = query.sortBy ?? 'updatedAt';
      if (!(DIRECTORY_SORTS as readonly string[]).includes(sortBy)) {
        const message = `sortBy must be one of ${DIRECTORY_SORTS.join(', ')}`;
        throw badRequest(message, [{ field: 'sortBy', message }]);
      }
      const q = query.q?.trim();
      const { rows, total } = await userDirectoryRepository.search(deps.db, {
        q: q || undefined,
        sortBy: sortBy as DirectorySort,
        sort: query.sort ?? 'desc',
        offset: query.offset ?? 0,
        limit: query.limit ?? 10,
      });
      return { data: rows.map((row) => toUserPublic(urls, row)), total };
    },

    /** By username (stored lower-cased) or id; creators, admins and inactive accounts are 404. */
    async view(idOrUsername: string): Promise<UserPublic> {
      const key = idOrUsername.toLowerCase();
      const row = await userDirectoryRepository.findFan(deps.db, { username: key, id: isUuid(key) ? key : undefined });
      if (!row) throw notFound('User not found');
      return toUserPublic(urls, row);
    },
  };
}
