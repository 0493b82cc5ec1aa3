import { loadPerformerPage, type PerformerPageProps } from '@/client/features/performer/components/load-performer';
import { PerformerProfile } from '@/client/features/performer/components/performer-profile';
import type { AppPage } from '@/client/layouts/page-types';

/** /{username} or /{id} (spec 2): a creator's public page. */
const ProfilePage: AppPage<PerformerPageProps> = (props) => <PerformerProfile {...props} />;

ProfilePage.getInitialProps = loadPerformerPage;

export default ProfilePage;
