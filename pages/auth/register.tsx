import Link from 'next/link';
import { useRouter } from 'next/router';
import { FormCard } from '@/client/components/form-card';
import { PageTitle } from '@/client/components/page-title';
import { RegisterForm } from '@/client/features/auth/components/register-form';
import { SocialLogin } from '@/client/features/auth/components/social-login';
import type { AppPage } from '@/client/layouts/page-types';

const RegisterPage: AppPage = () => {
  const { query } = useRouter();
  const redirect = typeof query.redirect === 'string' ? query.redirect : undefined;
  return (
    <>
      <PageTitle title="Create an account" />
      <FormCard
        title="Create your account"
        subtitle="Follow creators, subscribe and support them."
        footer={
          <>
            Already have an account? <Link href="/auth/login">Sign in</Link>
            <br />
            Are you a creator? <Link href="/auth/register/creator">Sign up as a creator</Link>
          </>
        }
      >
        <RegisterForm redirect={redirect} />
        <SocialLogin redirect={redirect} />
      </FormCard>
    </>
  );
};

RegisterPage.layout = 'public';
// Where new visitors land, often on phones: drawn without antd (issue 17), like the sign-in page.
RegisterPage.antdFree = true;

export default RegisterPage;
