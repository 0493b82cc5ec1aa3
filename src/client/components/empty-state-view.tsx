import type { ReactNode } from 'react';
import { Empty } from 'antd';
import { AntdScope } from '@/client/theme/antd-scope';

export interface EmptyStateProps {
  description: ReactNode;
  /** Under the words: a way on (a link to explore, a button). */
  children?: ReactNode;
}

/** antd's Empty in an antd scope of its own (EmptyState loads it). */
export default function EmptyStateView({ description, children }: EmptyStateProps) {
  return (
    <AntdScope>
      <Empty description={description}>{children}</Empty>
    </AntdScope>
  );
}
