import { File as NodeFile } from 'buffer';
import type { CurrentUser } from '@/common/contract/users';

export function makeUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    _id: 'u1',
    name: 'Fan One',
    username: 'fan1',
    email: 'fan1@example.com',
    avatar: '/uploads/a.jpg',
    cover: '/uploads/c.jpg',
    role: 'user',
    isPerformer: false,
    emailVerified: true,
    balance: 10,
    createdAt: '2024-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export const makePerformer = (overrides: Partial<CurrentUser> = {}) =>
  makeUser({ _id: 'p1', name: 'Creator', username: 'creator', email: 'creator@example.com', role: 'performer', isPerformer: true, ...overrides });

/** Node's File (the test environment's FormData is Node's and rejects jsdom's), typed as the DOM File. */
export const makeFile = (content: string, name: string, type?: string): File =>
  new NodeFile([content], name, { type }) as unknown as File;
