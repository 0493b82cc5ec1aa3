/** The demo's promo banners: most on the landing page, a couple on /home. */
export interface DemoPromo {
  title: string;
  /** Second line drawn on the banner. */
  tagline: string;
  description: string;
  href: string;
  position: 'landing' | 'home';
  ordering: number;
  colours: [string, string];
}

export const DEMO_PROMOS: DemoPromo[] = [
  { title: 'Find your next favourite creator', tagline: 'Photographers, chefs, coaches, musicians and more',
    description: 'Browse creators by what they make, where they are and what they offer.', href: '/creator',
    position: 'landing', ordering: 1, colours: ['#42b1e8', '#1b4f8a'] },
  { title: 'Try creators for free', tagline: 'Some creators offer a free first subscription',
    description: 'Subscribe free to selected creators and see their work before you commit.', href: '/creator?isFreeSubscription=true',
    position: 'landing', ordering: 2, colours: ['#11998e', '#38ef7d'] },
  { title: 'Become a creator', tagline: 'Set your price, share your work, keep your fans close',
    description: 'Sign up as a creator in minutes and start earning from subscriptions and tips.', href: '/auth/register',
    position: 'landing', ordering: 3, colours: ['#8e2de2', '#4a00e0'] },
  { title: 'New this month', tagline: 'Fresh faces worth following',
    description: 'Creators who joined recently.', href: '/creator?sortBy=newest',
    position: 'landing', ordering: 4, colours: ['#f12711', '#f5af19'] },
  { title: 'Most loved creators', tagline: 'See who everyone is following',
    description: 'The creators with the most followers and subscribers.', href: '/creator?sortBy=popular',
    position: 'home', ordering: 1, colours: ['#fc466b', '#3f5efb'] },
  { title: 'Follow for free', tagline: 'Follow creators now, subscribe when you are ready',
    description: 'Following is free: their public posts show up for you straight away.', href: '/creator',
    position: 'home', ordering: 2, colours: ['#ee0979', '#ff6a00'] },
];
