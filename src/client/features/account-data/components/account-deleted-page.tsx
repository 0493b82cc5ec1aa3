import Link from 'next/link';
import { Button, Result } from 'antd';

/** Where a person lands after deleting their account: signed out, with a goodbye. */
export function AccountDeletedPage() {
  return (
    <Result
      status="success"
      title="Your account has been deleted"
      subTitle="Goodbye, and thank you for having been here. Your personal data has been erased and you have been signed out."
      extra={<Link href="/"><Button type="primary">Go to the home page</Button></Link>}
    />
  );
}
