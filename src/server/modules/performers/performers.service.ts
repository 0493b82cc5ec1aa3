import type { FastifyInstance } from 'fastify';
import type { PerformerPublic } from '../../../common/contract/performers';
import { notFound } from '../../lib/http-error';
import { avatarUrl, coverUrl } from '../users/user.dto';
import { performersRepository } from './performers.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Public performer profiles. The creator-profile issue grows this module. */
export function createPerformersService(deps: Pick<FastifyInstance, 'db' | 'config' | 'storage'>) {
  const ctx = { storage: deps.storage, webOrigin: deps.config.webOrigin };
  return {
    /** By username (the spec's profileId), else by id; fans, admins and inactive accounts are 404. */
    async view(idOrUsername: string): Promise<PerformerPublic> {
      const row = await performersRepository.findPublic(deps.db, {
        username: idOrUsername.toLowerCase(),
        id: UUID.test(idOrUsername) ? idOrUsername.toLowerCase() : undefined,
      });
      if (!row) throw notFound('Performer not found');
      const { user, performer } = row;
      return {
        _id: user.id,
        name: user.name,
        username: user.username,
        avatar: avatarUrl(ctx, user.avatarPath),
        cover: coverUrl(ctx, user.coverPath),
        bio: performer.bio,
        country: performer.country,
        verifiedDocument: performer.verifiedDocument,
        createdAt: user.createdAt.toISOString(),
      };
    },
  };
}
