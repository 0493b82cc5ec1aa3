import type { Random } from './prng';

interface Member {
  id: string;
  createdAt: Date;
}

export interface SocialGraph {
  follows: { followerId: string; performerId: string; createdAt: Date }[];
  bookmarks: { userId: string; performerId: string; createdAt: Date }[];
}

/**
 * Who follows and bookmarks whom in the demo. Generated creators follow each other (each as
 * likely as the target's appeal, so a few end up popular) and the named creators; the demo fans
 * follow and bookmark generated creators only, so the browser tests that sign in as a fan start
 * with the named creators unfollowed. The named creators follow nobody.
 */
export function planSocialGraph(
  rand: Random,
  now: Date,
  people: { named: Member[]; fans: Member[]; creators: (Member & { appeal: number })[] },
): SocialGraph {
  const between = (a: Member, b: Member) => {
    const from = Math.max(a.createdAt.getTime(), b.createdAt.getTime());
    return new Date(from + rand.next() * (now.getTime() - from));
  };
  const graph: SocialGraph = { follows: [], bookmarks: [] };
  const follow = (follower: Member, target: Member) =>
    graph.follows.push({ followerId: follower.id, performerId: target.id, createdAt: between(follower, target) });

  for (const follower of people.creators) {
    for (const target of people.creators) if (target !== follower && rand.chance(target.appeal * 0.8)) follow(follower, target);
    for (const target of people.named) if (rand.chance(0.6)) follow(follower, target);
  }

  const byAppeal = [...people.creators].sort((a, b) => b.appeal - a.appeal);
  for (const fan of people.fans) {
    const followed = people.creators.filter((t) => rand.chance(t.appeal));
    // Everyone's following page has something on it.
    for (const t of byAppeal) if (followed.length < 3 && !followed.includes(t)) followed.push(t);
    followed.forEach((t) => follow(fan, t));
    const marked = rand.sample(followed, Math.min(followed.length, rand.int(2, 4)));
    for (const t of marked) graph.bookmarks.push({ userId: fan.id, performerId: t.id, createdAt: between(fan, t) });
  }
  return graph;
}
