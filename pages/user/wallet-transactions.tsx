import { PageTitle } from '@/client/components/page-title';
import { WalletTransactionsPage } from '@/client/features/wallet-charges/components/wallet-transactions-page';
import type { AppPage } from '@/client/layouts/page-types';

const UserWalletTransactionsPage: AppPage = () => (
  <>
    <PageTitle title="Token spending" />
    <WalletTransactionsPage />
  </>
);

UserWalletTransactionsPage.authenticate = true;

export default UserWalletTransactionsPage;
