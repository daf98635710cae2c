import { UNIT_STATES } from './unit.ts';
import type { ReturnedText, UnitState } from './unit.ts';

/** What xliff-read.ts keeps of a unit as it reads it, and the text it makes of it once the unit closes. */

export type Piece = string | { readonly dataRef: string; readonly line: number };

export interface UnitDraft {
  readonly file: string;
  readonly key: string;
  readonly line: number;
  readonly data: Map<string, string>;
  /** Per segment (2.0) or the one target (1.2): its pieces, or undefined when it has no target; and its state. */
  readonly parts: { pieces: Piece[] | undefined; state: UnitState; ignorable: boolean; source: Piece[] }[];
}

interface Attribute {
  readonly value: string;
  readonly uri: string;
  readonly local: string;
}
export interface Tag {
  readonly name: string;
  readonly local: string;
  readonly uri: string;
  readonly attributes: Record<string, Attribute>;
}

/** An attribute of no namespace (the element's own), by its local name. */
export const attribute = (tag: Tag, local: string): string | undefined =>
  Object.values(tag.attributes).find((a) => a.local === local && a.uri === '')?.value;

/** Whether a text is one `{name}` placeholder, what an inline placeholder must stand for. */
export const isPlaceholder = (text: string | undefined): text is string => text !== undefined && /^\{[A-Za-z0-9_]+\}$/.test(text);

/** A unit's target (its segments' targets and the text between them, joined) and its state (its least advanced segment's). */
export function finishUnit(unit: UnitDraft, fail: (reason: string, line?: number) => never): ReturnedText {
  const order = UNIT_STATES as readonly UnitState[];
  let state: UnitState = 'final';
  let target = '';
  let source = '';
  let complete = true;
  let any = false;
  for (const part of unit.parts) {
    source += join(part.source);
    if (part.ignorable) {
      target += part.pieces ? join(part.pieces) : join(part.source);
      continue;
    }
    if (order.indexOf(part.state) < order.indexOf(state)) state = part.state;
    if (part.pieces === undefined) complete = false;
    else {
      any = true;
      target += join(part.pieces);
    }
  }
  function join(pieces: readonly Piece[]): string {
    return pieces
      .map((piece) => {
        if (typeof piece === 'string') return piece;
        const data = unit.data.get(piece.dataRef);
        if (!isPlaceholder(data))
          fail(
            data === undefined
              ? `the translation of ${unit.key} has an inline placeholder whose dataRef="${piece.dataRef}" names no <data> of its unit`
              : `the translation of ${unit.key} has an inline code standing for '${data}', which is no {placeholder}`,
            piece.line,
          );
        return data;
      })
      .join('');
  }
  if (!any) return { file: unit.file, key: unit.key, source, target: '', state: 'initial', line: unit.line };
  // A text some of whose segments have no translation yet is not done.
  return { file: unit.file, key: unit.key, source, target, state: complete ? state : 'initial', line: unit.line };
}
