import type { Executor } from '../db/client';
import { sanitizeRichText } from '../../common/lib/rich-text';
import { postsRepository } from '../modules/posts/posts.repository';

/**
 * The static pages a fresh install links from its footer. Written for this product so an
 * operator has a sensible starting point; they are meant to be edited through /admin/posts (and
 * checked by a lawyer) before going live. Headings are bold paragraphs: the shared rich-text
 * allow-list has no heading tags.
 */
export const DEMO_PAGES: { slug: string; title: string; ordering: number; content: string }[] = [
  {
    slug: 'about',
    title: 'About us',
    ordering: 10,
    content: `
<p>We are a home for independent creators and the people who support them. Creators publish posts, photos, videos,
galleries and products, go live, and earn directly from their fans through subscriptions, tips and one-off purchases.
Fans follow the creators they like, subscribe to see everything they share, and talk to them in private messages.</p>
<p><strong>For creators</strong></p>
<p>You decide what is free, what is for subscribers and what is for sale, and you set your own monthly and yearly
prices within the site's limits. You can offer a free trial, schedule posts, block accounts and whole countries, and
follow your earnings as they come in. Payouts are requested from your account page and reviewed by our team.</p>
<p><strong>For fans</strong></p>
<p>Your wallet holds tokens that pay for tips, posts, videos, galleries, products and live shows. Subscriptions renew
through your card until you cancel, and you keep access until the end of the period you paid for. Nothing you buy is
shared with anyone but the creator you bought it from.</p>
<p><strong>Contact</strong></p>
<p>Questions, press or partnership requests: write to us through the contact form. If something on the site looks
wrong or unsafe, please use the report button next to it; every report is read by a person.</p>`,
  },
  {
    slug: 'terms-of-service',
    title: 'Terms of service',
    ordering: 20,
    content: `
<p>These terms are the agreement between you and us when you use this site. By creating an account or using the
site you accept them. If you do not agree, please do not use the site.</p>
<p><strong>1. Accounts</strong></p>
<p>You must be at least 18 years old and allowed to enter into this agreement where you live. Keep your password to
yourself: you are responsible for what happens under your account. Creators must verify their identity before they
can earn, and must only publish content in which every person shown is an adult who agreed to appear in it and to
its publication.</p>
<p><strong>2. Payments and tokens</strong></p>
<p>Tokens are bought with a card and used to pay for tips, subscriptions' extras, paid posts and products. Prices are
shown before you pay. Subscriptions renew automatically at the end of each period until you cancel; cancelling stops
the next renewal, and access lasts until the paid period ends. Purchases of digital content are final once the
content has been unlocked, except where the law gives you a right to a refund. Tokens have no cash value and cannot be
transferred between accounts.</p>
<p><strong>3. Creators' earnings</strong></p>
<p>We keep a platform commission on each payment, shown in your account settings, and credit the rest to your
earnings at once. You can request a payout of your available earnings above the minimum amount; we review each request
and may hold it while we check a suspected fraud or a chargeback.</p>
<p><strong>4. Content and licence</strong></p>
<p>You keep the rights to what you publish. You give us the licence we need to store it, show it to the people you
chose and promote your profile on the site. Fans may view what they unlocked for their own personal use only:
downloading, recording or sharing a creator's paid content elsewhere is forbidden.</p>
<p><strong>5. What is not allowed</strong></p>
<p>Everything listed in our <a href="/page/community-guidelines">Community guidelines</a>, as well as anything
unlawful, breaking the site's security, or using the site to send spam. We may remove content and suspend or close
accounts that break these terms, and we cooperate with the authorities where the law requires it.</p>
<p><strong>6. Changes and contact</strong></p>
<p>We may update these terms; we will tell you before important changes take effect. The current version is always on
this page. If you have a question about these terms, please contact us through the contact form.</p>`,
  },
  {
    slug: 'privacy-policy',
    title: 'Privacy policy',
    ordering: 30,
    content: `
<p>This policy explains what we collect about you, why, and what you can do about it. We collect as little as we
need to run the site and keep it safe, and we never sell your personal data.</p>
<p><strong>What we collect</strong></p>
<ul>
<li>Account details: your name, username, email address and password (stored only as a secure hash).</li>
<li>For creators: identity documents for age and identity checks, and banking details for payouts. Documents are
stored privately and seen only by the staff who verify them.</li>
<li>What you do on the site: follows, subscriptions, purchases, likes, comments and messages, so the site can show
them back to you and to the people you interact with.</li>
<li>Technical data: your IP address (to find your country for blocking rules and to prevent abuse) and the cookie
that keeps you signed in.</li>
</ul>
<p><strong>Payments</strong></p>
<p>Card payments are handled by our payment provider. We never see or store your full card number; we keep only what
the provider returns to identify the card, such as its brand and last four digits.</p>
<p><strong>Photos and videos</strong></p>
<p>Uploaded pictures are re-encoded, which removes hidden metadata such as the location where a photo was taken.
Paid files are delivered only through short-lived links to people who have access to them.</p>
<p><strong>Your choices</strong></p>
<p>You can change your profile at any time, and you can ask us for a copy of your data or for your account to be
deleted through the contact form. Some records, such as payment history, must be kept for the period the law
requires even after an account is closed.</p>
<p><strong>Cookies</strong></p>
<p>We use a cookie to keep you signed in and local storage to remember your theme. If the operator has turned on
site analytics, an analytics cookie measures visits in aggregate.</p>`,
  },
  {
    slug: 'community-guidelines',
    title: 'Community guidelines',
    ordering: 40,
    content: `
<p>This is a place for creators to share their work and for fans to enjoy it. These guidelines keep it safe and
respectful for everyone. They apply to posts, photos, videos, products, live shows, comments and private messages.</p>
<p><strong>Consent and age</strong></p>
<p>Everyone who appears in content must be an adult and must have agreed to appear in it and to its publication.
Content involving anyone under 18 is removed at once, the account is closed and the case is reported to the
authorities. Never share intimate images of someone without their consent.</p>
<p><strong>Respect</strong></p>
<p>Disagree as much as you like, but do not harass, threaten, bully or demean anyone, and do not attack people for
who they are, including their race, ethnicity, religion, gender, sexual orientation or disability. Creators may block
accounts and countries; do not try to get around a block.</p>
<p><strong>Honesty</strong></p>
<p>Do not impersonate others, post spam, or use the site for scams, fake giveaways or requests for payment outside
the site. Only publish what you made or have the right to share.</p>
<p><strong>Safety</strong></p>
<p>No content that promotes violence, self-harm or dangerous acts, and no sharing of anyone's private information such
as addresses or phone numbers.</p>
<p><strong>Reporting</strong></p>
<p>If you see something that breaks these guidelines, use the report button on the post, profile or comment. Reports
are confidential: the person you report is not told who reported them. Our team reviews every report and may remove
content, warn, suspend or close accounts.</p>`,
  },
];

/** Creates the demo pages (inside the seed's transaction). */
export async function seedDemoPages(tx: Executor): Promise<void> {
  for (const page of DEMO_PAGES) {
    const content = sanitizeRichText(page.content.replace(/\n(?!<)/g, ' ').replace(/\n/g, ''));
    await postsRepository.insert(tx, { slug: page.slug, title: page.title, ordering: page.ordering, content, status: 'published' });
  }
}
