/**
 * What the generated demo creators make: words for their bios, a username suffix and the
 * colours of their generated avatar and cover. Text only, so nothing binary ships with the code.
 */
export interface DemoNiche {
  handle: string;
  /** Two gradient stops for avatar, cover and banner art. */
  colours: [string, string];
  intro: string;
  details: string[];
  highlight: string;
  perks: string[];
}

export const DEMO_NICHES: DemoNiche[] = [
  { handle: 'lens', colours: ['#0f2027', '#2c5364'], intro: 'I photograph cities after dark and the people who keep them awake.',
    details: ['Every set comes with the settings I used and a short story behind the shot.', 'I shoot on film and digital and show both sides of the process.'],
    highlight: 'Full-resolution downloads for subscribers.', perks: ['Weekly photo sets', 'Lightroom presets', 'Monthly critique livestream', 'Behind-the-scenes videos'] },
  { handle: 'kitchen', colours: ['#f12711', '#f5af19'], intro: 'Home cook turning market finds into weeknight dinners.',
    details: ['Recipes are tested three times before they reach you.', 'Most dishes take under 40 minutes and one pan.'],
    highlight: 'New recipe video every Tuesday.', perks: ['Printable recipe cards', 'Seasonal meal plans', 'Live cook-alongs', 'Answers to every question in the comments'] },
  { handle: 'fit', colours: ['#11998e', '#38ef7d'], intro: 'Certified trainer helping busy people get strong at home.',
    details: ['Programs scale from first push-up to advanced calisthenics.', 'No gym needed: a mat and a little space are enough.'],
    highlight: 'Four-week programs, free for the first week.', perks: ['Daily 20-minute workouts', 'Form checks on request', 'Mobility routines', 'Progress trackers'] },
  { handle: 'yoga', colours: ['#8e2de2', '#4a00e0'], intro: 'Yoga teacher with a soft spot for slow mornings.',
    details: ['Classes are gentle, unhurried and suitable for stiff beginners.', 'I mix vinyasa flow with breathwork and guided rest.'],
    highlight: 'Sunday sunrise class, live.', perks: ['Flows from 10 to 60 minutes', 'Guided meditations', 'Breathwork audio', 'Monthly challenges'] },
  { handle: 'beats', colours: ['#fc466b', '#3f5efb'], intro: 'Producer and drummer making lo-fi and house in a tiny studio.',
    details: ['I share stems, project files and the mistakes that led to the good parts.', 'Subscribers hear every track weeks before release.'],
    highlight: 'Sample packs every month.', perks: ['Unreleased tracks', 'Studio livestreams', 'Mixing breakdowns', 'Royalty-free loops'] },
  { handle: 'moves', colours: ['#ee0979', '#ff6a00'], intro: 'Dancer and choreographer, mostly heels, hip-hop and contemporary.',
    details: ['Routines are broken down count by count, slow then full speed.', 'I post rehearsal footage and the finished piece side by side.'],
    highlight: 'A new routine every fortnight.', perks: ['Step-by-step tutorials', 'Mirror-view videos', 'Live Q&A', 'Warm-up routines'] },
  { handle: 'sketch', colours: ['#ff9966', '#ff5e62'], intro: 'Illustrator drawing cosy worlds, small creatures and big skies.',
    details: ['Watch pieces come together from first line to final colour.', 'Patrons vote on what I draw next.'],
    highlight: 'High-resolution wallpapers for subscribers.', perks: ['Timelapse videos', 'Brush packs', 'Sketchbook tours', 'Monthly print giveaway'] },
  { handle: 'travels', colours: ['#2193b0', '#6dd5ed'], intro: 'Slow traveller living out of one backpack for the past four years.',
    details: ['I write honest guides: what it cost, where I slept, what I would skip.', 'Currently working my way along the coast by train.'],
    highlight: 'Postcards from the road, every month.', perks: ['Detailed itineraries', 'Budget breakdowns', 'Travel vlogs', 'Packing lists'] },
  { handle: 'plays', colours: ['#141e30', '#243b55'], intro: 'Variety streamer: cosy games, speedruns and the occasional horror night.',
    details: ['Subscribers pick the next game and join community nights.', 'Every stream is archived with chapters.'],
    highlight: 'Five streams a week.', perks: ['Ad-free VODs', 'Discord access', 'Game nights with viewers', 'Speedrun route notes'] },
  { handle: 'style', colours: ['#c94b4b', '#4b134f'], intro: 'Stylist building capsule wardrobes that last longer than a season.',
    details: ['I show how to wear one piece ten ways, on a real budget.', 'Thrifted finds, tailoring tips and honest reviews.'],
    highlight: 'Monthly lookbook.', perks: ['Outfit breakdowns', 'Shopping guides', 'Personal styling Q&A', 'Try-on hauls'] },
  { handle: 'cosplay', colours: ['#654ea3', '#eaafc8'], intro: 'Cosplayer and prop maker, foam, resin and far too much glitter.',
    details: ['Full build logs from pattern to photoshoot.', 'Templates and patterns for subscribers.'],
    highlight: 'Build templates included.', perks: ['Build tutorials', 'Convention vlogs', 'Photo sets', 'Pattern files'] },
  { handle: 'laughs', colours: ['#f7971e', '#ffd200'], intro: 'Stand-up comic testing new material on you before the club.',
    details: ['Rough cuts, bits that bombed and the ones that made it.', 'Subscribers get every full set.'],
    highlight: 'New bits every week.', perks: ['Full sets', 'Writing sessions', 'Live shows online', 'Bloopers'] },
  { handle: 'glam', colours: ['#da4453', '#89216b'], intro: 'Make-up artist: everyday looks, editorial glam and skincare that works.',
    details: ['Tutorials use affordable products first, then the splurges.', 'I answer skin questions every Sunday.'],
    highlight: 'Product-by-product breakdowns.', perks: ['Step-by-step tutorials', 'Skincare routines', 'Product reviews', 'Live Q&A'] },
  { handle: 'ink', colours: ['#232526', '#414345'], intro: 'Tattoo artist sharing flash, sketches and healed results.',
    details: ['Follow a design from consultation to healed photo.', 'Fine-line and blackwork mostly.'],
    highlight: 'Subscriber-only flash drops.', perks: ['Flash sheets', 'Time-lapse sessions', 'Aftercare guides', 'Booking priority'] },
  { handle: 'bakes', colours: ['#e96443', '#904e95'], intro: 'Pastry chef baking bread, tarts and the occasional wedding cake.',
    details: ['I explain the why behind every step, so your bakes work every time.', 'Sourdough starter help is always free.'],
    highlight: 'Weekly bake-along.', perks: ['Printable recipes', 'Decorating tutorials', 'Troubleshooting clinics', 'Seasonal specials'] },
  { handle: 'trails', colours: ['#134e5e', '#71b280'], intro: 'Trail runner and hiker chasing ridgelines and long days outside.',
    details: ['Route maps, gear lists and training plans from my own races.', 'Honest gear reviews, nothing sponsored.'],
    highlight: 'GPX files for every route.', perks: ['Training plans', 'Route guides', 'Gear reviews', 'Race-day vlogs'] },
  { handle: 'surf', colours: ['#00c6ff', '#0072ff'], intro: 'Surf coach filming sessions from the water.',
    details: ['Video analysis of real beginner and intermediate sessions.', 'Tide and swell talk before every trip.'],
    highlight: 'Technique breakdowns in slow motion.', perks: ['Session footage', 'Technique tips', 'Board guides', 'Travel spots'] },
  { handle: 'words', colours: ['#3a1c71', '#ffaf7b'], intro: 'Language teacher making grammar feel like a conversation.',
    details: ['Short lessons, real conversations and lots of practice.', 'Worksheets for every lesson.'],
    highlight: 'Live conversation class every week.', perks: ['Lesson videos', 'Worksheets', 'Pronunciation clinics', 'Vocabulary lists'] },
];
