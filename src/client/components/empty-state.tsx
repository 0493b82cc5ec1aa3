import dynamic from 'next/dynamic';
import type { EmptyStateProps } from './empty-state-view';

/**
 * antd's Empty (its drawing, the words, an action under them) for a page drawn without antd: its
 * code, and antd's with it, load when a list first turns out empty, as ListError does for a
 * failed one. Pages drawn with antd use antd's Empty directly.
 */
const EmptyStateView = dynamic(() => import('./empty-state-view'));

export function EmptyState(props: EmptyStateProps) {
  return <EmptyStateView {...props} />;
}
