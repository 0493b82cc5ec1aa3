import type { FastifyInstance, InjectOptions } from 'fastify';
import { allRows, tables } from '../../support/db';

/** Addresses the bundled IP database places in these countries (checked in block-effects.test.ts). */
export const GB_IP = '81.2.69.142';
export const US_IP = '8.8.8.8';

export interface Caller {
  token?: string;
  ip?: string;
}

/** A request as the web's client sends it: raw token, the visitor's address in X-Forwarded-For. */
export function call(app: FastifyInstance, method: InjectOptions['method'], url: string, as: Caller = {}, payload?: object) {
  const headers: Record<string, string> = {};
  if (as.token) headers.authorization = as.token;
  if (as.ip) headers['x-forwarded-for'] = as.ip;
  return app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
}

/** Everything the social and blocking routes may write, for "bad input changed nothing". */
export async function socialSnapshot(app: FastifyInstance) {
  const [follows, reactions, blockedUsers, blockedCountries, performers] = await Promise.all([
    allRows(app, tables.follows),
    allRows(app, tables.reactions),
    allRows(app, tables.blockedUsers),
    allRows(app, tables.blockedCountries),
    allRows(app, tables.performers),
  ]);
  const byKey = <T>(rows: T[], key: (r: T) => string) => [...rows].sort((a, b) => key(a).localeCompare(key(b)));
  return {
    follows: byKey(follows, (r) => r.id),
    reactions: byKey(reactions, (r) => r.id),
    blockedUsers: byKey(blockedUsers, (r) => `${r.performerId}/${r.userId}`),
    blockedCountries: byKey(blockedCountries, (r) => `${r.performerId}/${r.country}`),
    counters: byKey(performers, (r) => r.userId).map((p) => ({ id: p.userId, followers: p.totalFollowers, likes: p.totalLikes })),
  };
}

/** The stored follower counter and the real number of follow rows of one creator. */
export async function followerCounts(app: FastifyInstance, performerId: string) {
  const [performers, follows] = await Promise.all([allRows(app, tables.performers), allRows(app, tables.follows)]);
  return {
    counter: performers.find((p) => p.userId === performerId)!.totalFollowers,
    rows: follows.filter((f) => f.performerId === performerId).length,
  };
}
