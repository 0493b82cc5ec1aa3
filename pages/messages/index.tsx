import { PageTitle } from '@/client/components/page-title';
import { MessagesPage } from '@/client/features/messages/components/messages-page';
import type { AppPage } from '@/client/layouts/page-types';

const MessagesRoute: AppPage = () => (
  <>
    <PageTitle title="Messages" />
    <MessagesPage />
  </>
);

MessagesRoute.authenticate = true;
MessagesRoute.layout = 'studio';

export default MessagesRoute;
