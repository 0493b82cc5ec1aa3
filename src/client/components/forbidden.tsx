import Link from 'next/link';
import { Button, Result } from 'antd';
import { PageTitle } from './page-title';

/** The 403 screen: a signed-in account on a page that is not for it (an operator page for a fan). */
export function Forbidden({ text = 'This page is for the site’s operators. You are signed in with an account that cannot open it.' }: { text?: string }) {
  return (
    <>
      <PageTitle title="Not allowed" />
      <Result
        status="403"
        title="403"
        subTitle={text}
        extra={
          <Link href="/">
            <Button type="primary">Back to the start page</Button>
          </Link>
        }
      />
    </>
  );
}
