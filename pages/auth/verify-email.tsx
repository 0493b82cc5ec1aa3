import { useRouter } from 'next/router';
import { FormCard } from '@/client/components/form-card';
import { PageTitle } from '@/client/components/page-title';
import { VerifyEmail } from '@/client/features/auth/components/verify-email';
import type { AppPage } from '@/client/layouts/page-types';

const VerifyEmailPage: AppPage = () => {
  const { query, isReady } = useRouter();
  const token = typeof query.token === 'string' ? query.token : undefined;
  return (
    <>
      <PageTitle title="Confirm your email" />
      <FormCard title="Confirm your email">{isReady ? <VerifyEmail token={token} /> : null}</FormCard>
    </>
  );
};

VerifyEmailPage.layout = 'public';

export default VerifyEmailPage;
