import Link from 'next/link';
import { useRouter } from 'next/router';
import { useState } from 'react';
import dynamic from 'next/dynamic';
import { FormCard } from '@/client/components/form-card';
import { PageTitle } from '@/client/components/page-title';
import { LoginForm } from '@/client/features/auth/components/login-form';
import { SocialLogin } from '@/client/features/auth/components/social-login';
import { useAppSelector } from '@/client/store/hooks';
import type { AppPage } from '@/client/layouts/page-types';

// Drawn with antd and shown to few (someone signed in sent here from a page their account cannot open).
const SignedInNotice = dynamic(() => import('@/client/features/auth/components/signed-in-notice').then((m) => m.SignedInNotice));

const LoginPage: AppPage = () => {
  const { query } = useRouter();
  const redirect = typeof query.redirect === 'string' ? query.redirect : undefined;
  const loggedIn = useAppSelector((s) => s.auth.loggedIn);
  // Whether someone was signed in when the page opened (sent here from a page their account
  // cannot open); a sign-in made on this page navigates away and must not flash the notice.
  const [arrivedSignedIn] = useState(loggedIn);
  return (
    <>
      <PageTitle title="Sign in" />
      <FormCard
        title="Welcome back"
        subtitle="Sign in to follow your favourite creators."
        footer={
          <>
            New here? <Link href="/auth/register">Create an account</Link> ·{' '}
            <Link href="/auth/register/creator">Join as a creator</Link>
          </>
        }
      >
        {arrivedSignedIn && loggedIn ? <SignedInNotice /> : (
          <>
            <LoginForm redirect={redirect} />
            <SocialLogin redirect={redirect} />
          </>
        )}
      </FormCard>
    </>
  );
};

LoginPage.layout = 'public';
// Operators sign in while maintenance mode keeps everyone else out.
LoginPage.duringMaintenance = true;
// Where many visitors land, on phones: drawn without antd (issue 17); the rare parts that use
// antd (the 2FA step, the reCAPTCHA box, the signed-in notice) load in a scope of their own.
LoginPage.antdFree = true;

export default LoginPage;
