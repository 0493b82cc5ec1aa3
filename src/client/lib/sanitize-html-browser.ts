import type { IOptions, Transformer } from 'sanitize-html';

/**
 * What browser bundles get for `sanitize-html` (next.config.js `turbopack.resolveAlias`, browser
 * only; client tests run on it too). The real package brings an HTML parser, its entity tables and
 * PostCSS, about 100 kB gzip on every page that shows rich text, to do what the browser's own parser
 * does. The API sanitises rich text when it is written and server rendering uses the real package;
 * this stand-in is the browser's second pass over the same allow-list (src/common/lib/rich-text.ts).
 *
 * It reads the options rich-text.ts passes (allowedTags, allowedAttributes, allowedSchemes,
 * transformTags built with simpleTransform) and keeps sanitize-html's rules for them: a tag that is
 * not allowed is dropped and its content kept, except script, style, textarea, option and xmp,
 * which go with their content; an attribute that is not allowed is dropped, and so is a link whose
 * scheme is not allowed (after removing the control characters and spaces browsers ignore).
 * Output is written from the parsed tree, never copied from the input, and escaped the way
 * sanitize-html escapes (`&`, `<`, `>` in text, also `"` in attributes), so clean input comes
 * out as it went in. Elements outside the HTML namespace (inside svg or math) are never kept.
 */

type Options = Pick<IOptions, 'allowedTags' | 'allowedAttributes' | 'allowedSchemes' | 'transformTags'>;
type Attributes = Record<string, string>;

const HTML_NS = 'http://www.w3.org/1999/xhtml';
const WITHOUT_CONTENT = new Set(['script', 'style', 'textarea', 'option', 'xmp']);
const SELF_CLOSING = new Set(['img', 'br', 'hr', 'area', 'base', 'basefont', 'input', 'link', 'meta']);
const URL_ATTRIBUTES = new Set(['href', 'src', 'cite']);
const DEFAULT_SCHEMES = ['http', 'https', 'ftp', 'mailto', 'tel']; // sanitize-html's defaults

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (s: string) => escapeText(s).replace(/"/g, '&quot;');

/** sanitize-html's (launder's) test: a scheme outside the list; relative and `//host` links pass. */
function naughtyHref(href: string, schemes: string[]): boolean {
  // eslint-disable-next-line no-control-regex
  let clean = href.replace(/[\x00-\x20]+/g, '');
  for (let start = clean.indexOf('<!--'); start !== -1; start = clean.indexOf('<!--')) {
    const end = clean.indexOf('-->', start + 4);
    if (end === -1) break;
    clean = clean.slice(0, start) + clean.slice(end + 3);
  }
  const scheme = /^([a-zA-Z][a-zA-Z0-9.\-+]*):/.exec(clean);
  return scheme !== null && !schemes.includes(scheme[1].toLowerCase());
}

function attributesOf(element: Element): Attributes {
  const attributes: Attributes = {};
  for (const { name, value } of Array.from(element.attributes)) attributes[name] = value;
  return attributes;
}

function serialize(parent: Node, options: Options): string {
  const allowedTags = options.allowedTags === false ? null : new Set(options.allowedTags ?? []);
  const allowedAttributes = options.allowedAttributes === false ? null : options.allowedAttributes ?? {};
  const schemes = Array.isArray(options.allowedSchemes) ? options.allowedSchemes : DEFAULT_SCHEMES;
  const transforms = options.transformTags ?? {};

  const element = (node: Element): string => {
    const children = () => serializeChildren(node);
    let name = node.localName;
    if (WITHOUT_CONTENT.has(name)) return '';
    if (node.namespaceURI !== HTML_NS) return children();
    let attributes = attributesOf(node);
    const transform = transforms[name] as Transformer | string | undefined;
    if (typeof transform === 'string') name = transform;
    else if (transform) ({ tagName: name, attribs: attributes } = transform(name, attributes));
    if (allowedTags && !allowedTags.has(name)) return children();

    const kept = allowedAttributes === null ? null : [...(allowedAttributes[name] ?? []), ...(allowedAttributes['*'] ?? [])];
    let open = `<${name}`;
    for (const [attribute, value] of Object.entries(attributes)) {
      if (kept && !kept.includes(attribute)) continue;
      if (URL_ATTRIBUTES.has(attribute) && naughtyHref(value, schemes)) continue;
      open += value ? ` ${attribute}="${escapeAttribute(value)}"` : ` ${attribute}`;
    }
    return SELF_CLOSING.has(name) ? `${open} />` : `${open}>${children()}</${name}>`;
  };

  const serializeChildren = (node: Node): string => {
    let out = '';
    for (const child of Array.from(node.childNodes)) {
      if (child.nodeType === Node.TEXT_NODE) out += escapeText(child.nodeValue ?? '');
      else if (child.nodeType === Node.ELEMENT_NODE) out += element(child as Element);
      // Comments, processing instructions and the like are left out, as sanitize-html does.
    }
    return out;
  };

  return serializeChildren(parent);
}

function sanitizeHtml(html: string, options: Options = {}): string {
  if (!html) return '';
  // A template's content is parsed as a fragment (nothing moves to a <head>) into a document without
  // a window: nothing in it runs or loads.
  const template = document.createElement('template');
  template.innerHTML = html;
  return serialize(template.content, options);
}

/** sanitize-html's simpleTransform: rename the tag and set attributes (merged over the element's). */
sanitizeHtml.simpleTransform = (tagName: string, attribs: Attributes, merge = true): Transformer =>
  (_name, current) => ({ tagName, attribs: merge ? { ...current, ...attribs } : attribs });

export default sanitizeHtml;
