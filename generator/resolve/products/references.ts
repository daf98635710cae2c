import type { Diagnostic } from '../../diagnostics/index.ts';
import { compareStrings, createDiagnostic, editDistance, swapsTwoLetters } from '../../diagnostics/index.ts';
import { rangeOfKey } from '../../load/source-file.ts';
import type { Validated } from '../../validate/index.ts';
import type { Report } from '../model.ts';

/** A use of a product key that names no product of the region (a route, a line-up place, a bundle part), with the E0218 it gets on its own. */
export interface UnknownProductUse {
  readonly name: string;
  readonly diagnostic: Diagnostic;
}

/** The most uses a misspelt key's message lists by position; the rest are counted. */
const LISTED_USES = 5;

/**
 * Reports a region's uses of unknown products. Each gets its E0218 ("did you mean"), unless the
 * definition is the typo: several uses of one name fail, the region defines exactly one key one
 * edit away from it, and nothing uses that key. Then each use would suggest the misspelt key,
 * and the fix is one edit of the definition: a single E0233 there names the uses, by position.
 */
export function reportUnknownProducts(
  uses: readonly UnknownProductUse[],
  file: Validated<'products'> | undefined,
  used: ReadonlySet<string>,
  report: Report,
): void {
  const byName = new Map<string, UnknownProductUse[]>();
  for (const use of uses) byName.set(use.name, [...(byName.get(use.name) ?? []), use]);
  const defined = Object.keys(file?.data.products ?? {});
  for (const [name, found] of byName) {
    // One slip from the name the uses agree on: a letter added, dropped or changed, or two swapped.
    const near = defined.filter((key) => editDistance(key, name) === 1 || swapsTwoLetters(key, name));
    const key = near[0];
    if (!file || found.length < 2 || near.length !== 1 || key === undefined || used.has(key)) {
      for (const use of found) report(use.diagnostic);
      continue;
    }
    const places = found
      .map((use) => use.diagnostic)
      .sort((a, b) => compareStrings(a.file, b.file) || a.line - b.line || a.column - b.column)
      .map((d) => `${d.file}:${d.line}:${d.column}`);
    const hint = `Rename '${key}' to '${name}' here; if '${key}' is right, change the ${places.length} uses instead.`;
    report(
      createDiagnostic(
        'E0233',
        { key, name, uses: places.length, places: places.slice(0, LISTED_USES) },
        rangeOfKey(file.source, ['products', key]),
        { hint },
      ),
    );
  }
}
