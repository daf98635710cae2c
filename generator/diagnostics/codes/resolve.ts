import { didYouMean } from '../suggest.ts';
import { define, quoted } from './define.ts';

/** Codes E02xx: content that is valid on its own but does not fit together (resolving the model, catalogues and translations). */
export const RESOLVE_ERRORS = {
  E0201: define<{ what: 'region'; declared: string; folder: string } | { what: 'catalogue'; declared: string; file: string }>({
    title: 'File name and declared code disagree',
    message: (a) =>
      a.what === 'region'
        ? `region declares code '${a.declared}' but its folder is regions/${a.folder}/`
        : `catalogue declares locale '${a.declared}' but its file is named '${a.file}.yaml'`,
    hint: 'Rename the file after its code or locale, or correct the value.',
    example: 'regions/uk/region.yaml with code: ukk',
    fix: 'Rename the file, or correct the code or locale inside it.',
  }),
  E0202: define<{ page: string; region: string }>({
    title: 'Duplicate route',
    message: ({ page, region }) => `page '${page}' is listed twice in region '${region}'`,
    hint: 'List each page once per region.',
    example: 'routes lists page: home twice',
    fix: 'Remove the duplicate route.',
  }),
  E0203: define<{ page: string; region: string; wanted: readonly string[]; guess?: string }>({
    title: 'Page content not found',
    message: ({ page, region, wanted, guess }) =>
      `page '${page}' of region '${region}' has no content file ${wanted.join(' or ')}${didYouMean(guess)}`,
    hint: 'Create the file under pages/<page>/ or point `content` at an existing one.',
    example: 'content: enn on a route',
    fix: 'Create pages/<page>/<name>.yaml or correct the name.',
  }),
  E0204: define<{ locale: string; extendedBy?: string }>({
    title: 'Message catalogue not found',
    message: ({ locale, extendedBy }) =>
      extendedBy === undefined
        ? `locale '${locale}' has no catalogue messages/${locale}.yaml`
        : `catalogue '${extendedBy}' extends '${locale}', which has no file messages/${locale}.yaml`,
    hint: 'Add messages/<locale>.yaml or correct the locale.',
    example: 'locale: de-AT without messages/de-AT.yaml',
    fix: 'Add the catalogue or use a locale that has one.',
  }),
  E0205: define<{ key: string; locale: string; file: string; definedIn: string } | { key: string; locale: string; guess: string }>({
    title: 'Message missing in a locale',
    message: (a) =>
      'guess' in a
        ? `message '${a.key}' exists only in locale '${a.locale}'${didYouMean(a.guess)}`
        : `message '${a.key}' is missing in locale '${a.locale}' (${a.file}); it is defined in ${a.definedIn}`,
    hint: 'Add the key to the catalogue, or to a catalogue it extends.',
    example: 'nav.home in en-US.yaml but not in ja-JP.yaml',
    fix: 'Add the key to the catalogue that lacks it.',
  }),
  E0206: define<{ locale: string; parent: string }>({
    title: 'Catalogue extends itself in a cycle',
    message: ({ locale, parent }) => `catalogue '${locale}' extends '${parent}', which leads back to '${locale}'`,
    hint: 'Break the cycle of `extends`.',
    example: 'en-GB extends en-EU and en-EU extends en-GB',
    fix: 'Make one of them extend a catalogue outside the cycle.',
  }),
  E0207: define<{ what: string; id: string }>({
    title: 'Region or required file missing',
    message: ({ what, id }) => `${what} has no file ${id}`,
    hint: 'Every region needs regions/<code>/region.yaml and regions/<code>/products.yaml; the content needs stages.yaml and constants.yaml.',
    example: 'regions/jp/products.yaml deleted',
    fix: 'Restore the file; a region folder holds both region.yaml and products.yaml.',
  }),
  E0208: define<{ region: string }>({
    title: 'Required page missing',
    message: ({ region }) => `region '${region}' has no home page`,
    hint: 'Every region needs a home page and a not-found page is generated for it.',
    example: 'routes without page: home',
    fix: 'Add `- page: home` to the routes.',
  }),
  E0210: define<{ list: string; guess?: string }>({
    title: 'Unknown stages list',
    message: ({ list, guess }) => `stages list '${list}' does not exist${didYouMean(guess)}`,
    hint: "Name a list of this region's `stages` or of content/stages.yaml.",
    example: 'stages: haloween',
    fix: 'Name an existing list (the message suggests the closest).',
  }),
  E0211: define<{ index: number; list: string; last: number }>({
    title: 'Stage index outside its stages list',
    message: ({ index, list, last }) => `stage ${index} is outside stages list '${list}', which has stages 0 to ${last}`,
    hint: 'A list of N instants has stages 0 to N.',
    example: 'stage: [3] on a list of 2 instants',
    fix: 'Use an index from 0 to the number of instants.',
  }),
  E0212: define<{ position: number; list: string; instant: string }>({
    title: 'Stage instants out of order',
    message: ({ position, list, instant }) => `instant ${position} of stages list '${list}' (${instant}) is not after the one before it`,
    hint: 'List the instants of a stages list in ascending order, each once.',
    example: 'instants: [2025-11-01T15:00:00+08:00, 2025-10-25T15:00:00+08:00]',
    fix: 'Sort the instants in ascending order.',
  }),
  E0213: define<{ text: string }>({
    title: 'Not a real instant',
    message: ({ text }) => `'${text}' is not a real instant`,
    hint: 'Write a real date and time with its offset, like 2025-10-25T15:00:00+08:00.',
    example: '2025-02-30T10:00:00+08:00',
    fix: 'Write a date that exists, with its offset.',
  }),
  E0214: define<{ link: string; region: string; guess?: string }>({
    title: 'Broken internal link',
    message: ({ link, region, guess }) => `link '${link}' is not a page of region '${region}'${didYouMean(guess)}`,
    hint: "Link to a page that the region lists in its routes; a path of the region that another system serves on the same host (a help centre, news) goes in the region's hosts.elsewhere.",
    example: "link: /us/newz, or https://www.example.com/us/newz on the sites' own host",
    fix: 'Link to a listed page, or name the path in hosts.elsewhere when another system serves it.',
  }),
  E0215: define<{ what: string }>({
    title: 'Empty time window',
    message: ({ what }) => `${what} starts at or after it ends`,
    hint: 'A window or activity must start before it ends.',
    example: 'window: { start: 2025-12-01T00:00:00+08:00, end: 2025-11-01T00:00:00+08:00 }',
    fix: 'Make the start earlier than the end.',
  }),
  E0216: define<{ page: string; target: string; why: 'missing' | 'redirect' }>({
    title: 'Redirect to a missing page',
    message: ({ page, target, why }) =>
      `'${page}' redirects to '${target}', which ${why === 'missing' ? 'is not a page of this region' : 'is itself a redirect'}`,
    hint: 'Redirect to a page that the region lists in its routes (and that is not itself a redirect).',
    example: 'redirect: mini-robots',
    fix: 'Redirect to a page the region lists.',
  }),
  E0217: define<{ currency: string }>({
    title: 'Unknown currency',
    message: ({ currency }) => `'${currency}' is not a currency code that prices can be printed in`,
    hint: 'Use an ISO 4217 currency code, like USD, EUR, CAD or JPY.',
    example: 'currency: USX',
    fix: "Write the ISO 4217 code of the region's currency.",
  }),
  E0218: define<
    | { product: string; region: string; use: 'route' | 'line-up' | 'featured'; guess?: string }
    | { bundle: string; part: string; region: string; guess?: string }
  >({
    title: 'Unknown product',
    message: (a) => {
      if ('bundle' in a)
        return `bundle '${a.bundle}' includes ${a.part === a.bundle ? 'itself' : `'${a.part}', which is not in regions/${a.region}/products.yaml${didYouMean(a.guess)}`}`;
      return `${a.use === 'line-up' ? 'line-up product' : a.use === 'featured' ? 'featured product' : 'product'} '${a.product}' is not in regions/${a.region}/products.yaml${didYouMean(a.guess)}`;
    },
    hint: "Name a product of the region's products.yaml.",
    example: 'product: flagshipBumblebe',
    fix: "Name a key of the region's products.yaml.",
  }),
  E0219: define<{ key: string; locale: string; file: string }>({
    title: 'Message used by the runtime is missing',
    message: ({ key, locale, file }) => `message '${key}' is used by the runtime but missing in locale '${locale}' (${file})`,
    hint: 'Add the key to the catalogue (or to a catalogue it extends).',
    example: 'nav.home missing in every catalogue',
    fix: 'Add the key the runtime uses to each catalogue.',
  }),
  E0220: define<{ product: string; has: 'both' | 'neither' }>({
    title: 'Activity time needs either a start time or stages',
    message: ({ product, has }) => `activityTime of '${product}' needs either startTime or stages, not ${has}`,
    hint: 'Give `startTime` (and optionally `endTime`), or `stages` with `stage`, but not both.',
    example: 'activityTime: { startTime: ..., stages: halloween, stage: [1] }',
    fix: 'Keep either startTime or stages.',
  }),
  E0221: define<{ art: string; problem: 'no size' } | { picture: string; art: string; guess?: string }>({
    title: 'Picture without source art',
    message: (a) =>
      'picture' in a
        ? `picture '${a.picture}' has no source art ${a.art}${didYouMean(a.guess)}`
        : `source art ${a.art} has no viewBox (or width and height), so its size is unknown`,
    hint: 'Add the drawing as content/assets/<name>.svg (with a viewBox), or name one that exists.',
    example: 'gallery: [{ image: robot-scuot, alt: ... }]',
    fix: 'Add content/assets/robot-scuot.svg, or correct the name.',
  }),
  E0222: define<{ regions: readonly string[] }>({
    title: 'Not exactly one region at /',
    message: ({ regions }) =>
      regions.length === 0
        ? 'no region says root: true; exactly one region is served at /'
        : `regions ${regions.length === 2 ? `'${regions[0]}' and '${regions[1]}' both` : `${quoted(regions)} all`} say root: true; exactly one region is served at /`,
    hint: 'Set `root: true` in the region.yaml of the one region served at / (its pages at /{page}), and in no other.',
    example: 'root: true in both regions/cn/region.yaml and regions/us/region.yaml',
    fix: 'Keep `root: true` in one region only.',
  }),
  E0223: define<{ code: string; file: string; other: string }>({
    title: 'Duplicate region code',
    message: ({ code, file, other }) => `${file} declares code '${code}', which is the code of ${other}`,
    hint: 'Each region has its own code, equal to the name of its folder under regions/.',
    example: 'regions/ca/region.yaml with code: us',
    fix: "Give the region its folder's code (code: ca).",
  }),
  E0224: define<{ page: string; region: string; path: string; collidesWith: string }>({
    title: 'Page path taken',
    message: ({ page, region, path, collidesWith }) => `page '${page}' of region '${region}' would be at ${path}, which is ${collidesWith}`,
    hint: "Rename the page: the paths of a region's pages, the account screens, the other regions and the build's own folders must all differ.",
    example: '- page: us (in the routes of the region at /)',
    fix: 'Choose another page name.',
  }),
  E0225: define<{ backend: string; guess?: string; known: readonly string[] }>({
    title: 'Unknown back end',
    message: ({ backend, guess, known }) =>
      `back end '${backend}' is not in constants.yaml \`backends\` (${known.join(', ') || 'none'})${didYouMean(guess)}`,
    hint: 'Name a back end of constants.yaml `backends`, or add it there with its production and pre-production origins.',
    example: 'backend: euu',
    fix: 'Name one of the back ends listed in the message.',
  }),
  E0226: define<{ page: string; kind: string; problem: 'needs product' | 'no product' | 'redirect' }>({
    title: 'Page kind does not fit the route',
    message: ({ page, kind, problem }) => {
      if (problem === 'needs product') return `page '${page}' is a ${kind} page but names no product`;
      if (problem === 'no product') return `page '${page}' names a product, but only product pages show one (its kind is ${kind})`;
      return `page '${page}' redirects, so it has no layout: remove \`kind: ${kind}\``;
    },
    hint: 'A product page names its `product`; other kinds name none; a redirect names no kind.',
    example: '- { page: ai-base, kind: product } (no product:)',
    fix: 'Add `product: aiBase`, or choose another kind.',
  }),
  E0227: define<{ art: string; problem: string }>({
    title: 'Source art is not a well-formed SVG',
    message: ({ art, problem }) => `source art ${art} cannot be read as SVG: ${problem}`,
    hint: 'The build draws each file of content/assets/ as XML with an <svg> root: close every tag, quote every attribute, and write characters such as a non-breaking space as &#160;.',
    example: '<svg viewBox="0 0 640 480"><text>Robots&nbsp;go</text> (no </svg>, an HTML entity)',
    fix: 'Close the <svg> element and write &#160; for the space.',
  }),
  E0228: define<{ art: string; problem: string }>({
    title: 'Source art the build cannot draw at its size',
    message: ({ art, problem }) => `source art ${art} cannot be drawn: ${problem}`,
    hint: 'Every drawing is rendered 480 and 960 px wide: give the <svg> a viewBox (and width and height in pixels, or none) of ordinary proportions.',
    example: '<svg viewBox="0 0 1 1000">',
    fix: 'Give the drawing its real proportions, such as viewBox="0 0 640 480".',
  }),
  E0229: define<{ locale: string; missing: readonly string[] }>({
    title: 'Consent banner without its texts',
    message: ({ locale, missing }) =>
      `the region asks for consent (market.consent), but the catalogue ${locale} has no ${missing.map((key) => `'consent.${key}'`).join(', ')}`,
    hint: "The banner's texts are the catalogue's `consent` group (title, text, accept, reject, settings, save, necessary, analytics, ads, cookiePolicy, privacyPolicy, open): add them to the region's catalogue (or one it extends).",
    example: 'market.consent in a region whose catalogue has no consent group',
    fix: 'Add the consent group to the catalogue, as content/messages/en-US.yaml has it.',
  }),
  E0230: define<{ what: 'shipping' | 'returns'; iso: string }>({
    title: 'Merchant setting without its countries',
    message: ({ what, iso }) =>
      `market.${what} applies to the region's own country by default, but '${iso}' is not one (ISO 3166-1 alpha-2): name the countries it applies to`,
    hint: 'Search engines read the shipping destinations and return countries of a product as country codes: a region of several countries lists them.',
    example: 'market.shipping in eu (iso EU) without countries',
    fix: 'Add countries: [AT, BE, ...] to market.shipping and market.returns.',
  }),
  E0231: define<{ what: string; fewest: number; most: number }>({
    title: 'Range of days from more to fewer',
    message: ({ what, fewest, most }) => `${what} is [${fewest}, ${most}]: the fewest days come first`,
    hint: 'A range of days is [fewest, most].',
    example: 'handlingDays: [3, 1]',
    fix: 'Write [1, 3].',
  }),
  E0232: define<{ path: string; page: string }>({
    title: 'A page left to another system',
    message: ({ path, page }) =>
      `'${path}' is in hosts.elsewhere, but this region's page ${page} is there: a path is either a page of the site or another system's`,
    hint: 'hosts.elsewhere names the paths another system on the same host serves; the host passes them on, so the page would never be seen.',
    example: 'elsewhere: [faq] in a region that lists the faq page',
    fix: 'Remove the path from hosts.elsewhere, or the page from the routes.',
  }),
  E0233: define<{ key: string; name: string; uses: number; places: readonly string[] }>({
    title: 'Product key probably misspelt',
    message: ({ key, name, uses, places }) =>
      `product key '${key}' is probably a misspelling of '${name}': ${uses} uses name '${name}' and none names '${key}' (${places.join(', ')}${uses > places.length ? `, and ${uses - places.length} more` : ''})`,
    hint: 'Rename the key in products.yaml to the name its uses give it; if the key is right, change every use instead.',
    example: 'products: { flagshipBumblebe: ... } with routes and line-ups naming flagshipBumblebee',
    fix: 'Correct the key where the product is defined.',
  }),
  E0234: define<{ zone: string; guess?: string }>({
    title: 'Unknown time zone',
    message: ({ zone, guess }) => `'${zone}' is not a time zone of the IANA database${didYouMean(guess)}`,
    hint: "Write the IANA name of the zone the region's team plans in, as Area/City (Europe/Paris, America/New_York, Asia/Shanghai), or UTC. An offset such as +08:00 is not a zone: a zone's offset follows daylight saving time, a fixed one does not.",
    example: 'timeZone: Europe/Pari',
    fix: "Write the zone's IANA name: timeZone: Europe/Paris.",
  }),
  E0240: define<{ translates: string; expected: string }>({
    title: 'Translation of a file that does not exist',
    message: ({ translates, expected }) => `this file translates '${translates}', but there is no ${expected}`,
    hint: '`translates` names the file whose texts this one translates: a locale with a catalogue (en-US) in a catalogue, a page file of the same folder without .yaml (en) in a page file.',
    example: 'translates: en_US in messages/fr-FR.yaml',
    fix: 'Name a catalogue or page file that exists: translates: en-US.',
  }),
  E0241: define<{ key: string; reason: string }>({
    title: 'Plural not well-formed',
    message: ({ key, reason }) => `the plural of ${key} is not well-formed: ${reason}`,
    hint: "A text with a count is written as ICU MessageFormat: 'Try again in {seconds, plural, one {# second} other {# seconds}}.' (# is the number).",
    example: "code4291: 'Try again in {seconds, plural, one {# second} other {# seconds}.'",
    fix: 'Close every form and the plural with }, one plural per text.',
  }),
  E0242: define<{ key: string; locale: string; missing: readonly string[]; needed: readonly string[] }>({
    title: 'Plural without a form its locale needs',
    message: ({ key, locale, missing, needed }) =>
      `the plural of ${key} has no ${missing.join(', ')} form: ${locale} counts need ${needed.join(', ')}`,
    hint: "Each locale has its own plural forms (CLDR): English and French one and other, Japanese, Korean and Chinese other only, Russian one, few, many and other. 'other' is always needed.",
    example: "fr-FR: '{seconds, plural, other {# secondes}}'",
    fix: "Add the form: '{seconds, plural, one {# seconde} other {# secondes}}'.",
  }),
} as const;
