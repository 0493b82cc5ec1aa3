import { useRouter } from 'next/router';
import { FormCard } from '@/client/components/form-card';
import { PageTitle } from '@/client/components/page-title';
import { ResetPasswordForm } from '@/client/features/auth/components/reset-password-form';
import type { AppPage } from '@/client/layouts/page-types';

const ResetPasswordPage: AppPage = () => {
  const { query } = useRouter();
  const token = typeof query.token === 'string' ? query.token : undefined;
  return (
    <>
      <PageTitle title="Choose a new password" />
      <FormCard title="Choose a new password">
        <ResetPasswordForm token={token} />
      </FormCard>
    </>
  );
};

ResetPasswordPage.layout = 'public';
// Drawn without antd (issue 17); the incomplete-link and password-changed screens load in a scope of their own.
ResetPasswordPage.antdFree = true;

export default ResetPasswordPage;
