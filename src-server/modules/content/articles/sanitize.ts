// A small allowlist HTML sanitiser for the rich text that goes into a deployed
// site (article content from the editor, advert snippets). Dangerous elements
// are dropped with their content (script, style, iframe, object, ...); any other
// tag not on the allowlist is dropped but its text kept; only allowlisted
// attributes survive (never on* handlers or style), and href/src must be
// http(s), mailto or relative (javascript:, data:, vbscript: become removed).
// Every '<' or '>' that is not part of a kept tag is escaped.

const DROP_WITH_CONTENT = ['script', 'style', 'iframe', 'object', 'embed', 'noscript', 'template', 'svg', 'math', 'frameset', 'frame', 'textarea', 'select', 'xmp', 'title', 'head'];

const TAGS = new Set([
  'p', 'br', 'hr', 'div', 'span', 'b', 'strong', 'i', 'em', 'u', 's', 'sub', 'sup', 'small', 'mark', 'blockquote', 'pre', 'code',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'a', 'img', 'figure', 'figcaption',
  'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption', 'section', 'article',
]);
const VOID = new Set(['br', 'hr', 'img']);
const ATTRS = new Set(['href', 'src', 'alt', 'title', 'width', 'height', 'colspan', 'rowspan', 'target', 'class']);
const URL_ATTRS = new Set(['href', 'src']);

const escText = (s: string): string => s.replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escAttr = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", colon: ':', tab: '\t', newline: '\n', nbsp: '\u00a0' };
/** Decodes character references, so "jav&#x61;script&colon;" is seen as what a browser sees. */
function decode(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (m, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return NAMED[ref.toLowerCase()] ?? m;
  });
}

/** A URL that is safe to keep: http(s), mailto or scheme-less (relative, #anchor); otherwise null. */
export function safeUrl(raw: string): string | null {
  const v = decode(raw).trim();
  const probe = v.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(probe);
  if (scheme && !['http', 'https', 'mailto'].includes(scheme[1].toLowerCase())) return null;
  if (probe.startsWith('//') || probe.startsWith('\\')) return null;
  return v;
}

const TAG_RE = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/g;
const ATTR_RE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

export interface SanitizeOptions {
  /** rewrites a kept img src (e.g. an uploaded file to its copied asset) */
  mapSrc?: (src: string) => string;
}

export function sanitizeHtml(input: unknown, options: SanitizeOptions = {}): string {
  let html = String(input ?? '').replace(/<!--[\s\S]*?(-->|$)/g, '');
  for (const tag of DROP_WITH_CONTENT) {
    html = html.replace(new RegExp(`<${tag}\\b[\\s\\S]*?(<\\/${tag}\\s*>|$)`, 'gi'), '');
  }
  let out = '';
  let last = 0;
  for (const m of html.matchAll(TAG_RE)) {
    out += escText(html.slice(last, m.index));
    last = m.index + m[0].length;
    const closing = m[1] === '/';
    const name = m[2].toLowerCase();
    if (!TAGS.has(name)) continue;
    if (closing) {
      if (!VOID.has(name)) out += `</${name}>`;
      continue;
    }
    let attrs = '';
    for (const a of m[3].matchAll(ATTR_RE)) {
      const key = a[1].toLowerCase();
      if (!ATTRS.has(key)) continue;
      let value = decode(a[2] ?? a[3] ?? a[4] ?? '');
      if (URL_ATTRS.has(key)) {
        const url = safeUrl(value);
        if (url === null) continue;
        value = key === 'src' && name === 'img' && options.mapSrc ? options.mapSrc(url) : url;
      }
      if (key === 'target' && value !== '_blank') continue;
      attrs += ` ${key}="${escAttr(value)}"`;
      if (key === 'target') attrs += ' rel="noopener"';
    }
    out += `<${name}${attrs}>`;
  }
  out += escText(html.slice(last));
  return out;
}
