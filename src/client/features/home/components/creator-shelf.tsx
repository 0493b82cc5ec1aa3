import type { ReactNode } from 'react';
import { IntentLink } from '@/client/components/intent-link';
import ArrowRightOutlined from '@ant-design/icons-svg/es/asn/ArrowRightOutlined';
import { PlainIcon } from '@/client/components/plain-icon';
import { performerRoutes } from '@/common/contract/performers';
import { useRouteData } from '@/client/hooks/use-route-data';
import { ListError } from '@/client/components/list-error';
import { EmptyState } from '@/client/components/empty-state';
import { PlainLinkButton } from '@/client/components/plain-button';
import { PerformerGrid } from '@/client/features/discovery/components/performer-grid';
import styles from './landing.module.css';

const SOURCES = {
  /** GET /performers/top */
  top: performerRoutes.top,
  /** GET /performers/search/random: reshuffled on every fetch, so not on every focus. */
  random: performerRoutes.random,
};

interface Props {
  title: ReactNode;
  source: keyof typeof SOURCES;
  limit?: number;
  emptyText: string;
}

/**
 * A titled row of creator cards with a link to explore, its own loading, empty and error states.
 * Drawn without antd (it is on the start page); the empty and error states load theirs when needed.
 */
export function CreatorShelf({ title, source, limit = 8, emptyText }: Props) {
  const { data, error, mutate } = useRouteData(SOURCES[source], { limit }, source === 'random' ? { revalidateOnFocus: false } : {});
  const performers = data?.data.data;
  const headingId = `shelf-${source}`;

  let body: ReactNode;
  if (error && !data) body = <ListError error={error} onRetry={() => void mutate()} title="We could not load creators" />;
  else if (performers && !performers.length) {
    body = (
      <EmptyState description={emptyText}>
        <PlainLinkButton href="/creator">Explore creators</PlainLinkButton>
      </EmptyState>
    );
  } else body = <PerformerGrid performers={performers} skeletons={4} layout="row" label={typeof title === 'string' ? title : undefined} />;

  return (
    <section aria-labelledby={headingId}>
      <div className={styles.shelfHead}>
        <h3 id={headingId} className={styles.heading3}>
          {title}
        </h3>
        <IntentLink href="/creator">
          See all <PlainIcon icon={ArrowRightOutlined} />
        </IntentLink>
      </div>
      {body}
    </section>
  );
}
