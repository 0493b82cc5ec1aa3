import { useRouter } from 'next/router';
import { FormCard } from '@/client/components/form-card';
import { PageTitle } from '@/client/components/page-title';
import { EmailChangeLink } from '@/client/features/auth/components/email-change-link';
import type { AppPage } from '@/client/layouts/page-types';

/** The link mailed to the previous address after an email change: undoes it. */
const UndoEmailChangePage: AppPage = () => {
  const { query, isReady } = useRouter();
  const token = typeof query.token === 'string' ? query.token : undefined;
  return (
    <>
      <PageTitle title="Undo the email change" />
      <FormCard title="Undo the email change">{isReady ? <EmailChangeLink action="undo" token={token} /> : null}</FormCard>
    </>
  );
};

UndoEmailChangePage.layout = 'public';

export default UndoEmailChangePage;
