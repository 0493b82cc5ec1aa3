import type { NewPerformer } from '../modules/performers/performers.repository';

export interface DemoAccount {
  role: 'admin' | 'performer' | 'user';
  name: string;
  username: string;
  email: string;
  /** What a person types into the sign-in form. */
  password: string;
}

export interface DemoPerformer extends DemoAccount {
  bio: string;
  gender: 'male' | 'female' | 'transgender';
  country: string;
  colour: string;
  /** Descriptive profile details; prices and the free-subscription flag stay at their defaults. */
  details: Omit<NewPerformer, 'userId' | 'bio' | 'gender' | 'country'>;
}

export const PERFORMER_PASSWORD = 'performer-demo-pass';

export const ADMIN: DemoAccount = { role: 'admin', name: 'Site Admin', username: 'admin', email: 'admin@example.com', password: 'admin-demo-pass' };

/** The three creators the README and the browser tests sign in as. */
export const PERFORMERS: DemoPerformer[] = [
  {
    role: 'performer', name: 'Aurora Lane', username: 'aurora', email: 'aurora@example.com', password: PERFORMER_PASSWORD,
    bio: 'Landscape photographer chasing northern lights. New photo sets every week.', gender: 'female', country: 'NO', colour: '#42b1e8',
    details: {
      sexualOrientation: 'straight', city: 'Tromsø', languages: ['nor', 'eng'], height: '167_169', weight: '56_60', bodyType: 'fit',
      ethnicity: 'white', size: 'small', hairColor: 'blond', eyeColor: 'blue',
      socialLinks: { website: 'https://aurora-lane.example.com', instagram: 'https://instagram.com/aurora' },
    },
  },
  {
    role: 'performer', name: 'Blake Rivers', username: 'blake', email: 'blake@example.com', password: PERFORMER_PASSWORD,
    bio: 'Home cook sharing weeknight recipes and behind-the-scenes kitchen videos.', gender: 'male', country: 'US', colour: '#e8833a',
    details: {
      sexualOrientation: 'gay', city: 'Austin', languages: ['eng', 'spa'], height: '179_181', weight: '81_85', bodyType: 'large',
      ethnicity: 'black', size: 'large', hairColor: 'black', eyeColor: 'brown',
      socialLinks: { youtube: 'https://www.youtube.com/@blakerivers', twitter: 'https://twitter.com/blake' },
    },
  },
  {
    role: 'performer', name: 'Cleo Marsh', username: 'cleo', email: 'cleo@example.com', password: PERFORMER_PASSWORD,
    bio: 'Fitness coach: short daily workouts, live Q&A on Fridays.', gender: 'transgender', country: 'GB', colour: '#8e5bd6',
    details: {
      sexualOrientation: 'bisexual', city: 'London', languages: ['eng'], height: '173_175', weight: '61_65', bodyType: 'toned',
      ethnicity: 'asian', size: 'medium', hairColor: 'pink', eyeColor: 'hazel',
      socialLinks: { instagram: 'https://instagram.com/cleo', tiktok: 'https://www.tiktok.com/@cleo' },
    },
  },
];

/**
 * A creator who signed up with identity documents an operator has not reviewed yet, so the
 * verification queue of a fresh install has someone in it. Not listed in explore and not payable
 * until approved (`requireCreatorVerification`); no content of her own yet.
 */
export const PENDING_PERFORMER: DemoPerformer = {
  role: 'performer', name: 'Nova Reed', username: 'nova', email: 'nova@example.com', password: PERFORMER_PASSWORD,
  bio: 'Ceramicist from Lisbon: wheel-throwing sessions and glaze experiments, coming soon.', gender: 'female', country: 'PT', colour: '#2fa37a',
  details: {
    sexualOrientation: 'straight', city: 'Lisbon', languages: ['por', 'eng'], height: '164_166', weight: '56_60', bodyType: 'slim',
    ethnicity: 'white', size: 'small', hairColor: 'brown', eyeColor: 'green',
    socialLinks: { instagram: 'https://instagram.com/nova.ceramics' },
  },
};

export const FANS: DemoAccount[] = [
  { role: 'user', name: 'Dana Fields', username: 'dana', email: 'dana@example.com', password: 'fan-demo-pass' },
  { role: 'user', name: 'Eli Stone', username: 'eli', email: 'eli@example.com', password: 'fan-demo-pass' },
  { role: 'user', name: 'Finn Hale', username: 'finn', email: 'finn@example.com', password: 'fan-demo-pass' },
];

/** Ages of the three creators (their dates of birth are computed from today, so the bands stay put). */
export const PERFORMER_AGES: Record<string, number> = { aurora: 27, blake: 34, cleo: 29, nova: 26 };
