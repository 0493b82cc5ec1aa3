import type { FastifyInstance, InjectOptions } from 'fastify';
import { allRows, createUserWithToken, tables } from '../../support/db';

/** One request as `token` (none: anonymous). */
export function as(app: FastifyInstance, token: string | null, method: InjectOptions['method'], url: string, payload?: object) {
  return app.inject({ method, url, headers: token ? { authorization: token } : {}, ...(payload ? { payload } : {}) });
}

/**
 * An operator with a known username and email: a random default email (`user_<hex>@…`) would match
 * the console searches of these tests one time in sixteen (`?q=_c` when the hex starts with c).
 */
export const newOperator = (app: FastifyInstance, username: string) =>
  createUserWithToken(app, { role: 'admin', username, email: `${username}@operators.test` });

/** What an operator write may change: compared before and after a refused request. */
export async function snapshot(app: FastifyInstance) {
  const [users, sessions, audit, warnings] = await Promise.all([
    allRows(app, tables.users), allRows(app, tables.sessions), allRows(app, tables.auditLog), allRows(app, tables.accountWarnings),
  ]);
  const byId = <T extends { id: string }>(rows: T[]) => [...rows].sort((a, b) => a.id.localeCompare(b.id));
  return { users: byId(users), sessions: byId(sessions), audit: byId(audit), warnings: byId(warnings) };
}

export async function auditRows(app: FastifyInstance) {
  return allRows(app, tables.auditLog);
}
