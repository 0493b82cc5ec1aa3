import Link from 'next/link';
import { FormCard } from '@/client/components/form-card';
import { PageTitle } from '@/client/components/page-title';
import { CreatorRegisterForm } from '@/client/features/auth/components/creator-register-form';
import type { AppPage } from '@/client/layouts/page-types';

const CreatorRegisterPage: AppPage = () => (
  <>
    <PageTitle title="Become a creator" />
    <FormCard
      width="medium"
      title="Become a creator"
      subtitle="Tell us about yourself. We check your identity document before your page goes live; you must be 18 or older."
      footer={
        <>
          Already have an account? <Link href="/auth/login">Sign in</Link>
          <br />
          Just want to follow creators? <Link href="/auth/register">Sign up as a fan</Link>
        </>
      }
    >
      <CreatorRegisterForm />
    </FormCard>
  </>
);

CreatorRegisterPage.layout = 'public';

export default CreatorRegisterPage;
