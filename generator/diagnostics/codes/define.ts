/** One code of the catalogue (generator/diagnostics/catalogue.ts): what its diagnostics say and what the docs show. */
export interface ErrorDefinition<Args> {
  /** Short title, used in docs. */
  readonly title: string;
  /** The message: what happened, built from the arguments the check gives. */
  readonly message: (args: Args) => string;
  /** Default hint printed under the code frame: what to do about it. */
  readonly hint?: string;
  /** A piece of content that causes it, for the docs. */
  readonly example: string;
  /** How to fix that example, for the docs. */
  readonly fix: string;
}

/** Keeps a definition's argument type (each catalogue part is one object of these). */
export const define = <Args>(definition: ErrorDefinition<Args>): ErrorDefinition<Args> => definition;

/** `'a', 'b' and 'c'`. */
export const quoted = (names: readonly string[]) => names.map((name) => `'${name}'`).join(', ');
