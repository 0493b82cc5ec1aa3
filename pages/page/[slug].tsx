import { loadStaticPage, type StaticPageProps } from '@/client/features/static-pages/load-static-page';
import { StaticPage } from '@/client/features/static-pages/components/static-page';
import type { AppPage } from '@/client/layouts/page-types';

/** /page/{slug}: about, terms, privacy and the operator's other static pages. */
const StaticPageRoute: AppPage<StaticPageProps> = (props) => <StaticPage {...props} />;

StaticPageRoute.getInitialProps = loadStaticPage;
StaticPageRoute.antdFree = true;

export default StaticPageRoute;
