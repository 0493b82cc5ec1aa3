import { FormCard } from '@/client/components/form-card';
import { PageTitle } from '@/client/components/page-title';
import { TwitterCallback } from '@/client/features/auth/components/twitter-callback';
import type { AppPage } from '@/client/layouts/page-types';

const TwitterCallbackPage: AppPage = () => (
  <>
    <PageTitle title="Signing in" />
    <FormCard title="Signing in with Twitter">
      <TwitterCallback />
    </FormCard>
  </>
);

TwitterCallbackPage.layout = 'public';

export default TwitterCallbackPage;
