import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';

export interface TestAccount {
  id: string;
  token: string;
  username: string;
  email: string;
  password: string;
  name: string;
}

/** A fan signed up through the real registration route; the token comes from that answer. */
export async function registerFan(app: FastifyInstance, overrides: Partial<Omit<TestAccount, 'id' | 'token'>> = {}): Promise<TestAccount> {
  const suffix = crypto.randomBytes(4).toString('hex');
  const body = {
    name: overrides.name ?? `Fan ${suffix}`,
    username: overrides.username ?? `fan_${suffix}`,
    email: overrides.email ?? `fan-${suffix}@example.com`,
    password: overrides.password ?? 'correct horse battery',
  };
  // Sign-up consent (issue 15): age 18+ confirmed and the terms accepted.
  const res = await app.inject({ method: 'POST', url: '/auth/users/register', payload: { ...body, ageConfirmed: true, termsAccepted: true } });
  if (res.statusCode !== 200) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const token = res.json().data.token as string;
  const me = await app.inject({ method: 'GET', url: '/users/me', headers: { authorization: token } });
  return { ...body, token, id: me.json().data._id };
}

export async function login(app: FastifyInstance, username: string, password: string, remember = false) {
  return app.inject({ method: 'POST', url: '/auth/login', payload: { username, password, remember } });
}
