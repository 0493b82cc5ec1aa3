import { REPORT_REASON_OPTIONS, type ReportReason, type ReportStatus, type ReportTargetType } from '@/common/contract/reports';

/** The reporter's words for each reason (the picker's labels). */
export const REASON_LABELS = Object.fromEntries(REPORT_REASON_OPTIONS.map((o) => [o.value, o.label])) as Record<ReportReason, string>;

/** What was reported, as a person says it. */
export const TARGET_LABELS: Record<ReportTargetType, string> = {
  feed: 'Post', video: 'Video', gallery: 'Gallery', product: 'Product', comment: 'Comment', performer: 'Creator',
};

/** Tag colours of a report's state: waiting, acted on, closed without action. */
export const STATUS_COLORS: Record<ReportStatus, string> = { open: 'gold', resolved: 'green', dismissed: 'default' };
