/** Every file under `root`, relative and '/'-joined, in tree order; folders `skip` names left out (see disk.js). */
export function listTree(root: string, options?: { skip?: (name: string, relative: string) => boolean }): string[];
/** Writes a file whole or not at all (a temporary file beside it, then a rename). */
export function writeAtomically(file: string, data: string | Uint8Array): Promise<void>;
/** writeAtomically, synchronously. */
export function writeAtomicallySync(file: string, data: string | Uint8Array): void;
