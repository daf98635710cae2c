/**
 * Unsaved edits, kept in this browser's storage so that a reload of the tab loses nothing
 * (docs/studio.md, "Saving"): by file, with the hash of the file they started from, so that a
 * draft of a file changed on disk since is shown as a conflict, never silently applied.
 */
export interface Draft {
  readonly text: string;
  /** The hash of the file on disk when the edit started. */
  readonly base: string;
}

const key = (id: string) => `studio-draft:${id}`;

export function readDraft(id: string): Draft | undefined {
  try {
    const value = JSON.parse(localStorage.getItem(key(id)) ?? 'null') as Draft | null;
    return value && typeof value.text === 'string' && typeof value.base === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}

export function writeDraft(id: string, draft: Draft | undefined): void {
  try {
    if (draft) localStorage.setItem(key(id), JSON.stringify(draft));
    else localStorage.removeItem(key(id));
  } catch {
    // Storage full or denied: the edit lives in the page until it is saved.
  }
}

/** The files with a draft, for the Find screen. */
export function draftIds(): string[] {
  const ids: string[] = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const name = localStorage.key(i);
      if (name?.startsWith('studio-draft:')) ids.push(name.slice('studio-draft:'.length));
    }
  } catch {
    // none readable
  }
  return ids.sort();
}
