import dynamic from 'next/dynamic';
import { useAppSelector } from '@/client/store/hooks';
import { SignedOutActions } from './signed-out-actions';

// What only a signed-in person sees (the account dropdown and its menu, the badges, the bell) is a
// chunk of its own: the visitors who land on the site signed out never download it. Rendered on
// the server like the rest of the header, and preloaded before hydration (next/dynamic's SSR
// mode), so a signed-in page shows it from the first frame.
const MemberActions = dynamic(() => import('./member-actions'));

/** The header's right end: messages, notifications and the account menu, or Sign in / Sign up. */
export function AccountActions() {
  const loggedIn = useAppSelector((s) => s.auth.loggedIn);
  return loggedIn ? <MemberActions /> : <SignedOutActions />;
}
