import dynamic from 'next/dynamic';
import { PageTitle } from '@/client/components/page-title';
import { SafeHtml } from '@/client/components/safe-html';
import { richTextToPlain } from '@/common/lib/rich-text';
import type { StaticPageProps } from '../load-static-page';
import styles from './static-page.module.css';

const StaticPageProblem = dynamic(() => import('./static-page-problem').then((m) => m.StaticPageProblem));

/**
 * An operator's page (about, terms...): title and its rich text through the shared allow-list.
 * Drawn without antd (the route is `antdFree`): the title is antd's level-1 heading in its own
 * variables (static-page.module.css).
 */
export function StaticPage({ page, error }: StaticPageProps) {
  if (error || !page) return <StaticPageProblem error={error ?? null} />;
  return (
    <article className={`app-container ${styles.page}`}>
      <PageTitle title={page.title} description={richTextToPlain(page.content).slice(0, 160)} />
      <h1 className={styles.title}>{page.title}</h1>
      <SafeHtml html={page.content} className={styles.content} />
    </article>
  );
}
