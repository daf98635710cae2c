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
  E0003: { title: 'File in an unknown place', hint: 'Content files live in regions/<code>.yaml, pages/<page>/<name>.yaml or messages/<locale>.yaml.' },
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
  E0207: { title: 'Region missing', hint: 'Every region of the product needs regions/<code>.yaml.' },
  E0208: { title: 'Required page missing', hint: 'Every region needs a home page and a not-found page is generated for it.' },
  E9999: { title: 'Internal error in the compiler', hint: 'This is a bug in build-region, not in your content: please report it with the command you ran.' },
} as const satisfies Record<string, ErrorDefinition>;

export type ErrorCode = keyof typeof ERRORS;
