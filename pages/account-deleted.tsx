import { PageTitle } from '@/client/components/page-title';
import { AccountDeletedPage } from '@/client/features/account-data/components/account-deleted-page';
import type { AppPage } from '@/client/layouts/page-types';

/** /account-deleted: the goodbye after deleting one's account (signed out by then). */
const Page: AppPage = () => (
  <>
    <PageTitle title="Account deleted" />
    <AccountDeletedPage />
  </>
);

export default Page;
