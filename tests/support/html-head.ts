/** The head of a raw HTML page, read as a crawler reads it: no script runs. */
export interface RawHead {
  lang: string | undefined;
  titles: string[];
  meta: Map<string, string>;
  /** Open Graph tags (`<meta property>`), each with every value given (og:locale:alternate repeats). */
  properties: Map<string, string[]>;
  canonical: string[];
  alternates: { hreflang: string; href: string }[];
  jsonLd: string[];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'", '#39': "'", '#x3D': '=', '#x60': '`' };
const decode = (text: string) => text.replace(/&(amp|lt|gt|quot|#x27|#39|#x3D|#x60);/g, (_m, name: string) => ENTITIES[name]!);

function attributes(tag: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const match of tag.matchAll(/([a-zA-Z-:]+)="([^"]*)"/g)) out.set(match[1]!.toLowerCase(), decode(match[2]!));
  return out;
}

/** Reads the head fields of a page this project generated (well-formed, double-quoted attributes). */
export function readHead(html: string): RawHead {
  const headEnd = html.indexOf('</head>');
  const head = headEnd >= 0 ? html.slice(0, headEnd) : html;
  const meta = new Map<string, string>();
  const properties = new Map<string, string[]>();
  for (const match of head.matchAll(/<meta\s[^>]*>/g)) {
    const attrs = attributes(match[0]);
    if (attrs.has('name')) meta.set(attrs.get('name')!, attrs.get('content') ?? '');
    if (attrs.has('property'))
      properties.set(attrs.get('property')!, [...(properties.get(attrs.get('property')!) ?? []), attrs.get('content') ?? '']);
  }
  const links = [...head.matchAll(/<link\s[^>]*>/g)].map((m) => attributes(m[0]));
  return {
    lang: attributes(/<html[^>]*>/.exec(html)?.[0] ?? '').get('lang'),
    titles: [...head.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => decode(m[1]!)),
    meta,
    properties,
    canonical: links.filter((l) => l.get('rel') === 'canonical').map((l) => l.get('href')!),
    alternates: links
      .filter((l) => l.get('rel') === 'alternate' && l.has('hreflang'))
      .map((l) => ({ hreflang: l.get('hreflang')!, href: l.get('href')! })),
    jsonLd: [...head.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => m[1]!),
  };
}
