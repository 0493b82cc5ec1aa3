import type { PerformerCard as Performer } from '@/common/contract/performers';
import { PerformerCard, PerformerCardSkeleton } from './performer-card';
import styles from './performer-grid.module.css';

interface Props {
  /** Undefined while loading: skeletons instead. */
  performers: Performer[] | undefined;
  /** How many skeletons to show while loading. */
  skeletons?: number;
  /** `grid` for result pages, `row` for a shelf (sideways scroll on phones). */
  layout?: 'grid' | 'row';
  label?: string;
}

/** Creator cards in a responsive grid, or skeletons of the same size while they load. */
export function PerformerGrid({ performers, skeletons = 8, layout = 'grid', label }: Props) {
  const className = layout === 'row' ? styles.row : styles.grid;
  if (!performers) {
    return (
      <ul className={className} aria-busy="true" aria-label={label ? `${label} (loading)` : 'Loading'}>
        {Array.from({ length: skeletons }, (_, i) => (
          <li key={i}>
            <PerformerCardSkeleton />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ul className={className} aria-label={label}>
      {performers.map((p) => (
        <li key={p._id}>
          <PerformerCard performer={p} />
        </li>
      ))}
    </ul>
  );
}
