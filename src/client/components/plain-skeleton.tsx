import type { CSSProperties } from 'react';
import styles from './plain-skeleton.module.css';

interface Props {
  /** `line`: a 16 px bar (antd's skeleton title and paragraph rows); `round`: a circle; `block`: sized by the caller. */
  shape?: 'block' | 'line' | 'round';
  className?: string;
  style?: CSSProperties;
}

/** A shimmering placeholder as antd's active Skeleton draws it, without antd (plain-skeleton.module.css). */
export function PlainSkeleton({ shape = 'block', className, style }: Props) {
  const shapeClass = shape === 'block' ? '' : styles[shape];
  return <span className={`${styles.block} ${shapeClass} ${className ?? ''}`} style={style} aria-hidden />;
}
