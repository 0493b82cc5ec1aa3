import { NotFound } from '@/client/components/not-found';
import type { AppPage } from '@/client/layouts/page-types';

const NotFoundPage: AppPage = () => <NotFound />;

NotFoundPage.layout = 'public';

export default NotFoundPage;
