import { useRouter } from 'next/router';
import { FormCard } from '@/client/components/form-card';
import { PageTitle } from '@/client/components/page-title';
import { EmailChangeLink } from '@/client/features/auth/components/email-change-link';
import type { AppPage } from '@/client/layouts/page-types';

/** The link mailed to a new address: the email change happens here. */
const ConfirmEmailChangePage: AppPage = () => {
  const { query, isReady } = useRouter();
  const token = typeof query.token === 'string' ? query.token : undefined;
  return (
    <>
      <PageTitle title="Confirm your new email" />
      <FormCard title="Confirm your new email">{isReady ? <EmailChangeLink action="confirm" token={token} /> : null}</FormCard>
    </>
  );
};

ConfirmEmailChangePage.layout = 'public';

export default ConfirmEmailChangePage;
