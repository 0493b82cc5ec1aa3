import type { ReportAction, ReportResolution, ReportTargetType } from '@/common/contract/reports';

/** Each decision's name in the Resolve dialog. */
export const ACTION_LABELS: Record<ReportAction, string> = {
  dismiss: 'Dismiss',
  hide: 'Hide it',
  remove_comment: 'Remove the comment',
  warn: 'Warn the author',
  suspend: 'Suspend the author',
};

const THE: Record<ReportTargetType, string> = {
  feed: 'the post', video: 'the video', gallery: 'the gallery', product: 'the product', comment: 'the comment', performer: 'the creator',
};
const AUTHOR: Record<ReportTargetType, string> = {
  feed: 'the creator', video: 'the creator', gallery: 'the creator', product: 'the creator', comment: 'the comment\'s author', performer: 'the creator',
};

/** What a decision will do, in words, for this kind of target: shown before the operator confirms. */
export function actionEffect(action: ReportAction, type: ReportTargetType): string {
  switch (action) {
    case 'dismiss':
      return `Nothing changes on ${THE[type]}. The report is closed as "No action needed".`;
    case 'hide':
      return `Only ${AUTHOR[type]} and operators will see ${THE[type]}: everyone else gets "not found", and nobody can buy, like or comment on it. ${AUTHOR[type][0].toUpperCase()}${AUTHOR[type].slice(1)} is emailed the reason.`;
    case 'remove_comment':
      return 'The comment disappears for everyone but its author, who sees "Removed by the moderators", and operators. The author is emailed.';
    case 'warn':
      return `A warning with your reason is added to ${AUTHOR[type]}'s account; they see it on their account page. ${THE[type][0].toUpperCase()}${THE[type].slice(1)} stays up.`;
    case 'suspend':
      return `${AUTHOR[type][0].toUpperCase()}${AUTHOR[type].slice(1)} is signed out everywhere and cannot sign in until the end date (or until an operator lifts it); a suspended creator's page and content are hidden and nobody can pay them.`;
  }
}

/** What came of a closed report, for the queue. */
export const RESOLUTION_LABELS: Record<ReportResolution, string> = {
  dismissed: 'Dismissed',
  hidden: 'Item hidden',
  comment_removed: 'Comment removed',
  warned: 'Author warned',
  suspended: 'Author suspended',
};
