import type { AdminUser, AdminUserDetail } from '@/common/contract/admin-users';

let seq = 0;

export function makeAdminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  seq += 1;
  return {
    _id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    name: `Person ${seq}`, username: `person${seq}`, email: `person${seq}@example.com`, avatar: '',
    role: 'user', status: 'active', suspendedReason: null, suspendedUntil: null, emailVerified: true, verificationStatus: null,
    createdAt: '2026-01-02T10:00:00.000Z',
    ...overrides,
  };
}

export function makeDetail(user: Partial<AdminUser> = {}, overrides: Partial<AdminUserDetail> = {}): AdminUserDetail {
  return {
    user: { ...makeAdminUser(user), cover: '', country: null, suspendedAt: null, updatedAt: '2026-01-03T10:00:00.000Z' },
    wallet: { balance: 37.5 },
    earnings: null,
    liveSessions: 2,
    subscriptions: { data: [], total: 0 },
    subscribers: null,
    purchases: { data: [], total: 0 },
    reports: { data: [], total: 0 },
    warnings: [],
    ...overrides,
  };
}
