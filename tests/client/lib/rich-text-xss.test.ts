import { richTextToPlain as plainInBrowser, sanitizeRichText as inBrowser } from '@/common/lib/rich-text';

/**
 * The shared allow-list runs on sanitize-html in the API and in server rendering, and on the
 * browser's own parser in browser bundles (src/client/lib/sanitize-html-browser.ts, which client
 * tests get for `sanitize-html` as the bundles do). Both are checked here.
 */
let onServer!: typeof inBrowser;
let plainOnServer!: typeof plainInBrowser;
jest.isolateModules(() => {
  jest.doMock('sanitize-html', () => jest.requireActual('sanitize-html/index.js'));
  ({ sanitizeRichText: onServer, richTextToPlain: plainOnServer } =
    jest.requireActual<typeof import('@/common/lib/rich-text')>('@/common/lib/rich-text'));
});

/**
 * A corpus of well-known XSS vectors (after the OWASP filter-evasion cheat sheet): every one must
 * come out of the shared allow-list harmless, since posts, comments, bios and pages all go through it.
 */
const VECTORS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://xss.example/xss.js></SCRIPT>',
  '<IMG SRC="javascript:alert(\'XSS\');">',
  '<IMG SRC=javascript:alert(\'XSS\')>',
  '<IMG SRC=JaVaScRiPt:alert(\'XSS\')>',
  '<IMG SRC=`javascript:alert("RSnake says, \'XSS\'")`>',
  '<IMG """><SCRIPT>alert("XSS")</SCRIPT>"\\>',
  '<IMG SRC=# onmouseover="alert(\'xxs\')">',
  '<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>',
  '<img src=x onerror="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041">',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="JAVASCRIPT:alert(1)">click</a>',
  '<a href="jav&#x09;ascript:alert(1)">click</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">click</a>',
  '<a href=" javascript:alert(1)">click</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">click</a>',
  '<a href="vbscript:msgbox(1)">click</a>',
  '<a href="https://example.com" onclick="alert(1)">ok</a>',
  '<a href="https://example.com" style="position:fixed;top:0;left:0;width:100%;height:100%">ok</a>',
  '<p onmouseover="alert(1)">hover</p>',
  '<b onclick=alert(1)>bold</b>',
  '<span style="background:url(javascript:alert(1))">x</span>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<body onload=alert(1)>',
  '<input autofocus onfocus=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror="alert(1)"></video>',
  '<audio src=x onerror=alert(1)>',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<link rel="stylesheet" href="javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<style>@import "javascript:alert(1)";</style>',
  '<div style="width: expression(alert(1));">x</div>',
  '<<SCRIPT>alert("XSS");//<</SCRIPT>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '"><script>alert(1)</script>',
  '</p><script>alert(1)</script><p>',
  '<!--<script>alert(1)</script>-->',
  '<![CDATA[<script>alert(1)</script>]]>',
  '<a href="https://example.com" target="_blank">new tab</a>',
  '<p>text</p><noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<template><script>alert(1)</script></template>',
  '<a xlink:href="javascript:alert(1)">x</a>',
];

/** Parsed as the browser would: what elements, attributes and URLs the output really carries. */
function inspect(html: string) {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const elements = Array.from(doc.body.querySelectorAll('*'));
  return {
    tags: elements.map((el) => el.tagName.toLowerCase()),
    attributes: elements.flatMap((el) => Array.from(el.attributes).map((a) => ({ name: a.name.toLowerCase(), value: a.value }))),
  };
}

const ALLOWED_TAGS = new Set(['a', 'b', 'strong', 'i', 'em', 'u', 'br', 'p', 'span', 'small', 'ul', 'ol', 'li']);

/** What people write: the browser must show exactly what the API stored and the server rendered. */
const WRITTEN = [
  'Plain words, no markup at all.',
  '<p>Hi <b>there</b>, <a href="https://example.com" onclick="x()">see</a></p>',
  '<p>Fish &amp; chips &lt;3 &quot;quoted&quot; and it\'s fine &gt; ok</p>',
  '<p>Caf&eacute; &nbsp;na&iuml;ve — “curly” 😀 日本語</p>',
  '<ul><li>one</li><li><i>two</i></li></ul><ol><li>three</li></ol>',
  '<p>line one<br>line two<br/>line three</p>',
  '<p><strong>Strong</strong> <em>em</em> <u>u</u> <small>small</small> <span>span</span></p>',
  '<a href="mailto:me@example.com" title="Mail &quot;me&quot;" target="_blank" rel="nofollow">mail</a>',
  '<a href="/aurora">relative</a> <a href="//cdn.example.com/x">protocol-relative</a> <a>no href</a>',
  '<h1>Title</h1><div class="x" id="y">div <img src="x.png"> text</div>',
  '<p>kept <font color="red">inside an unknown tag</font> and <blink>this</blink></p>',
  '<table><tr><td>cell</td></tr></table>',
  '<p>text</p><script>alert(1)</script><style>p{}</style><p>after</p>',
  '<a href="https://example.com/?a=1&amp;b=2">query</a>',
  '<p>a <!-- comment --> b</p>',
  '',
];

describe.each([
  ['the browser stand-in', inBrowser],
  ['sanitize-html (API and server rendering)', onServer],
])('rich text sanitiser on %s against an XSS corpus', (_name, sanitizeRichText) => {
  it.each(VECTORS)('%s comes out harmless', (vector) => {
    const out = sanitizeRichText(vector);
    const { tags, attributes } = inspect(out);
    expect(tags.filter((t) => !ALLOWED_TAGS.has(t))).toEqual([]);
    for (const { name, value } of attributes) {
      expect(['href', 'target', 'rel', 'title']).toContain(name);
      if (name === 'href') expect(value.trim()).toMatch(/^(https?:|mailto:)/i);
    }
    expect(out).not.toMatch(/<script|<iframe|<object|<embed|<svg|<style|<img|\son\w+\s*=|javascript:/i);
  });

  it('keeps the formatting it allows, with safe links', () => {
    expect(sanitizeRichText('<p>Hi <b>there</b>, <a href="https://example.com" onclick="x()">see</a></p>'))
      .toBe('<p>Hi <b>there</b>, <a href="https://example.com" rel="noopener noreferrer">see</a></p>');
  });
});

describe('the browser stand-in and sanitize-html', () => {
  it.each(WRITTEN)('write %p alike', (html) => {
    expect(inBrowser(html)).toBe(onServer(html));
  });

  // Hostile markup may parse differently (the browser's parser is not htmlparser2); both are safe above.
  it.each(WRITTEN)('read %p as the same plain text', (html) => {
    expect(plainInBrowser(html)).toBe(plainOnServer(html));
  });
});
