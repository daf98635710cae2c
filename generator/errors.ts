/**
 * The catalogue of diagnostic codes. Codes are permanent: a code is never reused for another
 * meaning, so maintainers and CI logs can refer to them. docs/diagnostics.md lists them all.
 */
export interface ErrorDefinition {
  /** Short title, used in docs. */
  readonly title: string;
  /** Default hint printed under the code frame: what to do about it. */
  readonly hint?: string;
}

export const ERRORS = {
  E0001: { title: 'YAML syntax error', hint: 'Fix the YAML syntax at the marked position (indentation, quotes, colons).' },
  E0002: { title: 'Content folder not found', hint: 'Pass --content <dir> pointing at the folder that holds regions/, pages/ and messages/.' },
  E0003: { title: 'File in an unknown place', hint: 'Content files live in regions/<code>/region.yaml, regions/<code>/products.yaml, pages/<page>/<name>.yaml, messages/<locale>.yaml, stages.yaml and constants.yaml.' },
  E0004: { title: 'Duplicate key in a YAML map', hint: 'Remove or rename one of the two keys.' },
  E0101: { title: 'Missing required property', hint: 'Add the property; the schema in schema/ describes it.' },
  E0102: { title: 'Unknown property' },
  E0103: { title: 'Wrong type' },
  E0104: { title: 'Value not allowed' },
  E0105: { title: 'Value does not match the expected format' },
  E0106: { title: 'Schema violation' },
  E0201: { title: 'File name and declared code disagree', hint: 'Rename the file after its code or locale, or correct the value.' },
  E0202: { title: 'Duplicate route', hint: 'List each page once per region.' },
  E0203: { title: 'Page content not found', hint: 'Create the file under pages/<page>/ or point `content` at an existing one.' },
  E0204: { title: 'Message catalogue not found', hint: 'Add messages/<locale>.yaml or correct the locale.' },
  E0205: { title: 'Message missing in a locale', hint: 'Add the key to the catalogue, or to a catalogue it extends.' },
  E0206: { title: 'Catalogue extends itself in a cycle', hint: 'Break the cycle of `extends`.' },
  E0207: { title: 'Region or required file missing', hint: 'Every region needs regions/<code>/region.yaml and regions/<code>/products.yaml; the content needs stages.yaml and constants.yaml.' },
  E0208: { title: 'Required page missing', hint: 'Every region needs a home page and a not-found page is generated for it.' },
  E0210: { title: 'Unknown stages list', hint: 'Name a list of this region\'s `stages` or of content/stages.yaml.' },
  E0211: { title: 'Stage index outside its stages list', hint: 'A list of N instants has stages 0 to N.' },
  E0212: { title: 'Stage instants out of order', hint: 'List the instants of a stages list in ascending order, each once.' },
  E0213: { title: 'Not a real instant', hint: 'Write a real date and time with its offset, like 2025-10-25T15:00:00+08:00.' },
  E0214: { title: 'Broken internal link', hint: 'Link to a page that the region lists in its routes, or write an absolute https:// URL for a page served by another system.' },
  E0215: { title: 'Empty time window', hint: 'A window or activity must start before it ends.' },
  E0216: { title: 'Redirect to a missing page', hint: 'Redirect to a page that the region lists in its routes (and that is not itself a redirect).' },
  E0217: { title: 'Currency disagrees with the region', hint: 'Use the currency that constants.yaml gives the region.' },
  E0218: { title: 'Unknown product', hint: 'Name a product of the region\'s products.yaml.' },
  E0219: { title: 'Message used by the runtime is missing', hint: 'Add the key to the catalogue (or to a catalogue it extends).' },
  E0220: { title: 'Activity time needs either a start time or stages', hint: 'Give `startTime` (and optionally `endTime`), or `stages` with `stage`, but not both.' },
  E0221: { title: 'Picture without source art', hint: 'Add the drawing as content/assets/<name>.svg (with a viewBox), or name one that exists.' },
  W0301: { title: 'Activity price not below the price', hint: 'A promotion price is expected to be lower than the regular price.' },
  W0302: { title: 'Sold-out product with a buy link', hint: 'Remove the buy link, or set the stock above 0.' },
  W0303: { title: 'Stage window already over', hint: 'The item can never show again: remove it or move it to a later stage.' },
  E9999: { title: 'Internal error in the compiler', hint: 'This is a bug in build-region, not in your content: please report it with the command you ran.' },
} as const satisfies Record<string, ErrorDefinition>;

export type ErrorCode = keyof typeof ERRORS;
