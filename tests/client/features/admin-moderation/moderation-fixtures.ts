import type { AdminContentItem } from '@/common/contract/admin-content';
import type { AdminReport, AdminReportDetail, ReportTargetPreview } from '@/common/contract/reports';
import type { UserPublic } from '@/common/contract/users';
import { makeUser } from '../../fixtures';

export const admin = makeUser({ _id: 'a1', role: 'admin', name: 'Ops', username: 'ops' });

let seq = 0;
export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const person = (name: string, overrides: Partial<UserPublic> = {}): UserPublic => ({
  _id: uuid(900 + name.length), name, username: name.toLowerCase(), avatar: '', isPerformer: false, createdAt: '2026-01-01T00:00:00.000Z', ...overrides,
});

export function makeReport(overrides: Partial<AdminReport> = {}): AdminReport {
  seq += 1;
  return {
    _id: uuid(seq), targetType: 'feed', targetId: uuid(500 + seq), reason: 'spam', text: 'Looks like a scam link', status: 'open',
    createdAt: new Date(Date.now() - 3_600_000).toISOString(), updatedAt: new Date(Date.now() - 3_600_000).toISOString(),
    reporter: person('Dana'), performerId: uuid(800), performer: person('Aurora', { _id: uuid(800), isPerformer: true }),
    resolution: null, resolutionNote: null, resolvedAt: null, resolvedBy: null,
    target: { exists: true, title: 'Win free tokens here', path: `/post/${uuid(500 + seq)}`, isHidden: false },
    ...overrides,
  };
}

export function makePreview(report: AdminReport, overrides: Partial<ReportTargetPreview> = {}): ReportTargetPreview {
  return {
    type: report.targetType, id: report.targetId, exists: true, title: report.target.title, text: 'Win free tokens here, click the link now',
    thumbnail: 'http://api.test/files/media/x/thumb.webp?exp=1&sig=s', author: report.performer, access: 'sale', price: 5, status: 'active',
    isHidden: false, hiddenReason: null, hiddenAt: null, path: report.target.path, on: null, suspendedReason: null, suspendedUntil: null,
    ...overrides,
  };
}

export const makeDetail = (report: AdminReport, others: AdminReport[] = [], preview: Partial<ReportTargetPreview> = {}): AdminReportDetail => ({
  ...report, preview: makePreview(report, preview), otherReports: others,
});

export function makeItem(overrides: Partial<AdminContentItem> = {}): AdminContentItem {
  seq += 1;
  return {
    _id: uuid(seq), type: 'feed', title: `A post number ${seq}`, creator: person('Aurora', { isPerformer: true }), status: 'active',
    isScheduled: false, access: 'free', price: 0, isHidden: false, hiddenReason: null, hiddenAt: null,
    stats: { likes: 3, comments: 2, other: 0 }, path: `/post/${uuid(seq)}`, on: null,
    createdAt: '2026-03-01T10:00:00.000Z', updatedAt: '2026-03-01T10:00:00.000Z', ...overrides,
  };
}
