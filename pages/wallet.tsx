import { PageTitle } from '@/client/components/page-title';
import { WalletPage } from '@/client/features/payments/components/wallet-page';
import type { AppPage } from '@/client/layouts/page-types';

const WalletRoute: AppPage = () => (
  <>
    <PageTitle title="Wallet" />
    <WalletPage />
  </>
);

WalletRoute.authenticate = true;

export default WalletRoute;
