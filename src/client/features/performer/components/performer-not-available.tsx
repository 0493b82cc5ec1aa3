import Link from 'next/link';
import { Button } from 'antd';
import { LazyResult } from '@/client/components/lazy-result';
import { PageTitle } from '@/client/components/page-title';

/** A creator who blocked this viewer or their country (API 403): the server's message, no profile data. */
export function PerformerNotAvailable({ message }: { message: string }) {
  return (
    <>
      <PageTitle title="Not available" />
      <LazyResult
        status="403"
        title="Not available"
        subTitle={message}
        extra={
          <Link href="/">
            <Button type="primary">Back to the start page</Button>
          </Link>
        }
      />
    </>
  );
}
