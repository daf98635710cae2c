// The JSON-LD a page carries is written by the build (generator/prerender/index.ts) and by the live
// preview (preview/dev/index.ts) alike: one rule for both, here.

/**
 * JSON for a <script type="application/ld+json"> element. `<`, `>` and `&` are escaped as JSON
 * unicode escapes, so no content string can close the element or open a comment; U+2028 and
 * U+2029 are escaped for old parsers. The result parses back to the same value.
 */
export function serializeJsonLd(value: object): string {
  const json = JSON.stringify(value);
  // One pass, and none for the JSON that has nothing to escape (most of a page's): five
  // replaces over every block and the route data were a page's largest string work.
  return UNSAFE.test(json) ? json.replace(UNSAFE_ALL, (char) => ESCAPES[char]!) : json;
}

const UNSAFE = /[<>&\u2028\u2029]/;
const UNSAFE_ALL = /[<>&\u2028\u2029]/g;
const ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};
