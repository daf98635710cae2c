import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument } from 'yaml';
import type { Node } from 'yaml';

/**
 * The path of keys and indexes to the value at a 1-based line and column of a YAML text (the
 * deepest node whose range holds it; a key's position gives its value's path), for showing a
 * diagnostic at its field in a form. Undefined when the text does not parse to that place.
 */
export function pathAt(text: string, line: number, column: number): (string | number)[] | undefined {
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter });
  const starts = counter.lineStarts;
  if (line < 1 || line > starts.length) return undefined;
  const offset = starts[line - 1]! + column - 1;
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
