/**
 * Accounts the browser tests sign in with: the seeded demo accounts (src/server/seed/demo.ts)
 * and one made by global setup for a state the sign-up forms cannot produce.
 */
export const E2E_FIXTURES = {
  admin: { username: 'admin', password: 'admin-demo-pass' },
  fan: { username: 'dana', password: 'fan-demo-pass' },
  performer: { username: 'aurora', password: 'performer-demo-pass' },
  // Social sign-up creates performers without a username; they must complete their account first.
  performerWithoutUsername: { email: 'no-username@example.com', password: 'performer-no-username' },
};
