import { PageTitle } from '@/client/components/page-title';
import { NotificationsPage } from '@/client/features/notifications/components/notifications-page';
import type { AppPage } from '@/client/layouts/page-types';

const NotificationsRoute: AppPage = () => (
  <>
    <PageTitle title="Notifications" />
    <NotificationsPage />
  </>
);

NotificationsRoute.authenticate = true;

export default NotificationsRoute;
