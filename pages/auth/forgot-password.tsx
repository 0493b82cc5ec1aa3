import Link from 'next/link';
import { FormCard } from '@/client/components/form-card';
import { PageTitle } from '@/client/components/page-title';
import { ForgotPasswordForm } from '@/client/features/auth/components/forgot-password-form';
import type { AppPage } from '@/client/layouts/page-types';

const ForgotPasswordPage: AppPage = () => (
  <>
    <PageTitle title="Forgot password" />
    <FormCard
      title="Forgot your password?"
      subtitle="Enter your email address and we will send you a link to choose a new one."
      footer={<Link href="/auth/login">Back to sign in</Link>}
    >
      <ForgotPasswordForm />
    </FormCard>
  </>
);

ForgotPasswordPage.layout = 'public';
// Drawn without antd (issue 17); the reCAPTCHA box and the "check your email" screen load in a scope of their own.
ForgotPasswordPage.antdFree = true;

export default ForgotPasswordPage;
