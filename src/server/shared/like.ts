/** Text searched with LIKE/ILIKE matches itself: `%`, `_` and `\` lose their wildcard meaning. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
