import Link from 'next/link';
import { Button } from 'antd';
import { LazyResult } from './lazy-result';
import { PageTitle } from './page-title';

/** The not-found screen, for the 404 route and for pages whose item does not exist. */
export function NotFound({ title = 'Page not found', text }: { title?: string; text?: string }) {
  return (
    <>
      <PageTitle title={title} />
      <LazyResult
        status="404"
        title="404"
        subTitle={text ?? 'Sorry, the page you are looking for does not exist or was moved.'}
        extra={
          <Link href="/">
            <Button type="primary">Back to the start page</Button>
          </Link>
        }
      />
    </>
  );
}
