import { Result, Typography } from 'antd';
import { NotFound } from '@/client/components/not-found';
import { PageTitle } from '@/client/components/page-title';
import { SafeHtml } from '@/client/components/safe-html';
import { richTextToPlain } from '@/common/lib/rich-text';
import type { StaticPageProps } from '../load-static-page';
import styles from './static-page.module.css';

/** An operator's page (about, terms...): title and its rich text through the shared allow-list. */
export function StaticPage({ page, error }: StaticPageProps) {
  if (error) return <Result status="warning" title="We could not load this page" subTitle={error} />;
  if (!page) return <NotFound />;
  return (
    <article className={`app-container ${styles.page}`}>
      <PageTitle title={page.title} description={richTextToPlain(page.content).slice(0, 160)} />
      <Typography.Title level={1} className={styles.title}>{page.title}</Typography.Title>
      <SafeHtml html={page.content} className={styles.content} />
    </article>
  );
}
