/**
 * "Did you mean": the one helper every check uses to suggest the name a typo was meant to be,
 * and the one way the suggestion is written.
 */

/** Levenshtein distance, for "did you mean" suggestions. */
export function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length]!;
}

/** Whether two names differ only by two neighbouring letters swapped (`mniiRobot`, `miniRobot`): one slip of the fingers, two edits. */
export function swapsTwoLetters(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  const differ = [...a].flatMap((c, i) => (c === b[i] ? [] : [i]));
  return differ.length === 2 && differ[1] === differ[0]! + 1 && a[differ[0]!] === b[differ[1]!] && a[differ[1]!] === b[differ[0]!];
}

/** The closest candidate within a distance that makes it a plausible typo, if any. */
export function suggest(input: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of [...candidates].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))) {
    const distance = editDistance(input.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  const limit = Math.max(2, Math.floor(input.length / 3));
  return bestDistance <= limit ? best : undefined;
}

/** `; did you mean 'x'?` when there is a plausible guess, else nothing. */
export function didYouMean(guess: string | undefined): string {
  return guess === undefined ? '' : `; did you mean '${guess}'?`;
}
