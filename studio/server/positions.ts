import { isMap, isPair, isScalar, isSeq } from 'yaml';
import type { Node } from 'yaml';
import { parseYaml } from '../../generator/index.ts';

/**
 * The path of keys and indexes to the value at a 1-based line and column of a YAML text (the
 * deepest node whose range holds it; a key's position gives its value's path), for showing a
 * diagnostic at its field in a form. Undefined when the text does not parse to that place.
 * The document is the compile's own when its diagnostic was placed in it (`parseYaml` keeps it),
 * and lines are counted in the text as the diagnostics count them.
 */
export function pathAt(text: string, line: number, column: number): (string | number)[] | undefined {
  if (line < 1) return undefined;
  let start = 0;
  for (let at = 1; at < line; at++) {
    start = text.indexOf('\n', start) + 1;
    if (start === 0) return undefined;
  }
  const offset = start + column - 1;
  const doc = parseYaml(text);
  const path: (string | number)[] = [];
  let node: unknown = doc.contents;
  const holds = (n: unknown) => {
    const range = (n as { range?: [number, number, number] } | null)?.range;
    return range !== undefined && offset >= range[0] && offset <= range[1];
  };
  for (;;) {
    if (isMap(node)) {
      const pair = node.items.find((item) => isPair(item) && (holds(item.key) || holds(item.value)));
      if (!pair) return path;
      path.push(isScalar(pair.key) ? String(pair.key.value) : String(pair.key));
      node = pair.value as Node;
    } else if (isSeq(node)) {
      const index = node.items.findIndex((item) => holds(item));
      if (index < 0) return path;
      path.push(index);
      node = node.items[index];
    } else return path;
  }
}
