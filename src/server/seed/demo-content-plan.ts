import type { AccessLevel } from '../../common/contract/content';
import type { DemoNiche } from './demo-niches';
import type { Random } from './prng';

/** What one demo creator publishes; the seed turns it into rows and files. */
export interface PlannedPost {
  text: string;
  access: AccessLevel;
  price?: number;
  media: 'none' | 'photo' | 'photos' | 'video' | 'audio';
  poll?: { question: string; options: string[] };
  daysAgo: number;
  pinned?: boolean;
  /** Published this many days ahead (scheduled). */
  inDays?: number;
}
export interface PlannedGallery { title: string; description: string; access: AccessLevel; price?: number; photos: number; daysAgo: number }
export interface PlannedVideo { title: string; description: string; tags: string[]; access: AccessLevel; price?: number; daysAgo: number }
export interface PlannedProduct { name: string; description: string; type: 'physical' | 'digital'; price: number; stock?: number }
export interface ContentPlan { posts: PlannedPost[]; galleries: PlannedGallery[]; videos: PlannedVideo[]; products: PlannedProduct[] }

/** The words a plan is written from: the generated creators' niche, or a hand-made one for the named three. */
export type Theme = Pick<DemoNiche, 'handle' | 'intro' | 'highlight' | 'perks'> & { topic: string };

export const NAMED_THEMES: Record<string, Theme> = {
  aurora: {
    handle: 'aurora', topic: 'northern lights', intro: 'Landscape photographer chasing northern lights.',
    highlight: 'New photo sets every week.', perks: ['Full-resolution photo sets', 'Camera settings for every shot', 'Night-sky forecasts', 'Print sales'],
  },
  blake: {
    handle: 'kitchen', topic: 'weeknight recipes', intro: 'Home cook sharing weeknight recipes.',
    highlight: 'New recipe video every Tuesday.', perks: ['Printable recipe cards', 'Behind-the-scenes kitchen videos', 'Seasonal menus', 'Live cook-alongs'],
  },
  cleo: {
    handle: 'fit', topic: 'daily workouts', intro: 'Fitness coach with short daily workouts.',
    highlight: 'Live Q&A on Fridays.', perks: ['20-minute workouts', 'Form checks', 'Mobility routines', 'Four-week programs'],
  },
};

/** A few words naming what each generated niche is about, for titles. */
const NICHE_TOPICS: Record<string, string> = {
  lens: 'night photography', kitchen: 'weeknight cooking', fit: 'home workouts', yoga: 'slow yoga', beats: 'lo-fi beats',
  moves: 'dance routines', sketch: 'illustration', travels: 'slow travel', plays: 'cosy games', style: 'capsule wardrobes',
  cosplay: 'prop making', laughs: 'stand-up comedy', glam: 'make-up', ink: 'tattoo flash', bakes: 'baking', trails: 'trail running',
  surf: 'surfing', words: 'language learning',
};

export const themeOfNiche = (niche: DemoNiche): Theme => ({ ...niche, topic: NICHE_TOPICS[niche.handle] ?? niche.handle });

const cap = (s: string) => s[0].toUpperCase() + s.slice(1);
const price = (rand: Random, min: number, max: number) => Math.round((min + rand.next() * (max - min)) * 100) / 100;

/**
 * A creator's demo content. `full` (the three named creators the README lists) gets every kind at
 * every access level, a poll, a pinned and a scheduled post, audio, three galleries, three videos
 * and two products; the generated creators get a smaller set with the same variety of access.
 */
export function planContent(theme: Theme, rand: Random, full: boolean): ContentPlan {
  const [p1, p2, p3, p4] = theme.perks;
  const posts: PlannedPost[] = [
    { text: `<p>Welcome to my page! ${theme.intro} <strong>${theme.highlight}</strong></p>`, access: 'free', media: 'photo', daysAgo: 30, pinned: full },
    { text: `<p>${cap(p1)}: this week's set is up. Tell me in the comments which one is your favourite.</p>`, access: 'subscribers', media: 'photos', daysAgo: 9 },
    { text: `<p>Something special: ${p2.toLowerCase()}, unlocked once and yours to keep.</p>`, access: 'sale', price: price(rand, 3, 12), media: 'photo', daysAgo: 5 },
  ];
  posts.push({ text: `<p>A short clip from today. More ${theme.topic} soon!</p>`, access: 'free', media: 'video', daysAgo: 3 });
  if (!full && rand.chance(0.4)) {
    posts.push({ text: '<p>Quick question for you:</p>', access: 'free', media: 'none', daysAgo: 1, poll: { question: 'What would you like more of?', options: [p1, p2] } });
  }
  if (full) {
    posts.push(
      { text: `<p>Voice note for my subscribers: what is coming next month.</p>`, access: 'subscribers', media: 'audio', daysAgo: 2 },
      {
        text: '<p>Help me plan the next few weeks:</p>', access: 'free', media: 'none', daysAgo: 1,
        poll: { question: 'What should I post next?', options: [p1, p3, p4] },
      },
      { text: `<p>Quick thought: ${theme.highlight.toLowerCase()} Thank you for being here.</p>`, access: 'free', media: 'none', daysAgo: 12 },
      { text: `<p>Coming soon: ${p3.toLowerCase()}.</p>`, access: 'subscribers', media: 'photo', daysAgo: 0, inDays: 3 },
    );
  }
  const galleries: PlannedGallery[] = [
    {
      title: `${cap(theme.topic)}: favourites`, description: `A few of my favourite moments. ${theme.highlight}`, photos: full ? 4 : 3, daysAgo: 20,
      ...(full ? { access: 'free' as const } : rand.pick([{ access: 'free' as const }, { access: 'subscribers' as const }, { access: 'sale' as const, price: price(rand, 4, 12) }])),
    },
  ];
  if (full) {
    galleries.push(
      { title: `${cap(p1)}`, description: 'The complete set, for subscribers.', access: 'subscribers', photos: 4, daysAgo: 8 },
      { title: `Collector's set: ${p4.toLowerCase()}`, description: 'A premium set, bought once.', access: 'sale', price: price(rand, 5, 15), photos: 4, daysAgo: 4 },
    );
  }
  const tags = [theme.handle, ...theme.topic.split(' ')].map((t) => t.toLowerCase().replace(/[^a-z0-9-]/g, '')).filter(Boolean).slice(0, 3);
  const videos: PlannedVideo[] = [
    { title: `${cap(theme.topic)}: a first look`, description: `${theme.intro} Here is what you can expect.`, tags, access: full ? 'free' : rand.pick(['free', 'subscribers'] as const), daysAgo: 15 },
  ];
  if (full) {
    videos.push(
      { title: `${cap(p2)}`, description: 'The full video for my subscribers.', tags, access: 'subscribers', daysAgo: 6 },
      { title: `Masterclass: ${p3.toLowerCase()}`, description: 'Everything I know, in one video.', tags, access: 'sale', price: price(rand, 8, 20), daysAgo: 2 },
    );
  }
  const products: PlannedProduct[] = [
    { name: `${cap(theme.topic)} guide (PDF)`, description: `My guide to ${theme.topic}, with tips I use every day.`, type: 'digital', price: price(rand, 4, 15) },
  ];
  if (full) {
    products.push({ name: 'Signed print', description: 'A signed print, posted to you in a sturdy tube.', type: 'physical', price: price(rand, 20, 45), stock: 25 });
  }
  return { posts, galleries, videos, products };
}
