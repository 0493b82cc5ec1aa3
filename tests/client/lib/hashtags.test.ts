import { extractHashtags, hashtagHref, isHashtag, linkifyHashtags } from '@/common/lib/hashtags';

describe('extractHashtags', () => {
  it('finds distinct tags, lower-cased, in order, with unicode letters, digits and underscores', () => {
    expect(extractHashtags('Golden #Sunset at #beach_life, again #sunset and #Café2024 #日本')).toEqual([
      'sunset', 'beach_life', 'café2024', '日本',
    ]);
  });

  it('skips numbers, words glued to text, entities, links and anchors', () => {
    expect(extractHashtags("We're #1, mail#tag, it&#39;s, https://x.io/#anchor, ##double")).toEqual([]);
  });

  it('ignores runs longer than 100 characters', () => {
    expect(extractHashtags(`#${'a'.repeat(101)} #ok`)).toEqual(['ok']);
    expect(isHashtag('a'.repeat(100))).toBe(true);
    expect(isHashtag('123')).toBe(false);
  });
});

describe('linkifyHashtags', () => {
  it('links tags in text to their search page, leaving markup, entities and existing links alone', () => {
    const html = '<p>Hello #World &amp; <a href="https://x.io">#inside</a> it&#39;s <b>#Bold</b></p>';
    expect(linkifyHashtags(html)).toBe(
      '<p>Hello <a href="/search?q=%23world" data-hashtag="world">#World</a> &amp; <a href="https://x.io">#inside</a> it&#39;s '
      + '<b><a href="/search?q=%23bold" data-hashtag="bold">#Bold</a></b></p>',
    );
  });

  it('encodes the tag in the address', () => {
    expect(hashtagHref('Café')).toBe('/search?q=%23caf%C3%A9');
  });
});
