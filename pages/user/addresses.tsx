import { PageTitle } from '@/client/components/page-title';
import { AddressesPage } from '@/client/features/addresses/components/addresses-page';
import type { AppPage } from '@/client/layouts/page-types';

const UserAddressesPage: AppPage = () => (
  <>
    <PageTitle title="Addresses" />
    <AddressesPage />
  </>
);

UserAddressesPage.authenticate = true;

export default UserAddressesPage;
