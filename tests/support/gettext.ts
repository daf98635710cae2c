import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import PO from 'pofile';

// Independent judges of the PO files the export writes: GNU gettext's own `msgfmt -c` (Debian's
// gettext package) and the `pofile` package, a PO library other than the gettext-parser the
// exporter uses. Neither the exporter's library nor our code decides the verdict.

/** Debian's msgfmt, or the one named by MSGFMT_PATH. */
export const MSGFMT_PATH = process.env.MSGFMT_PATH ?? '/usr/bin/msgfmt';

/** The name the file has in msgfmt's messages (it checks a temporary copy of it). */
const FILE = 'messages.po';

/**
 * `msgfmt -c -o /dev/null` on the text (UTF-8): `ok` when msgfmt accepts it, and everything it
 * printed (warnings included; none for a file it has nothing to say about), with the temporary
 * file's path written `messages.po`. Throws only when msgfmt cannot be run.
 */
export async function msgfmtCheck(po: string): Promise<{ ok: boolean; output: string }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'msgfmt-check-'));
  const file = path.join(dir, FILE);
  try {
    await writeFile(file, po);
    return await new Promise((resolve, reject) => {
      // LC_ALL=C: msgfmt's messages in English, whatever the machine's locale.
      execFile(
        MSGFMT_PATH,
        ['-c', '-o', '/dev/null', file],
        { encoding: 'utf8', env: { ...process.env, LC_ALL: 'C' } },
        (error, stdout, stderr) => {
          const output = `${stdout}${stderr}`.split(file).join(FILE);
          if (error === null) resolve({ ok: true, output });
          else if (typeof error.code === 'number') resolve({ ok: false, output });
          else reject(new Error(`cannot run ${MSGFMT_PATH} (apt-get install gettext, or set MSGFMT_PATH): ${error.message}`));
        },
      );
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** One entry as pofile reads it: its context, source, (single) translation and the flags set on it. */
export interface PofileEntry {
  readonly msgctxt: string | undefined;
  readonly msgid: string;
  readonly msgstr: string;
  readonly flags: readonly string[];
}

/** The file's entries as the `pofile` package reads them, without the header and obsolete (`#~`) entries; and its headers. */
export function readWithPofile(po: string): { headers: Record<string, string | undefined>; entries: PofileEntry[] } {
  const parsed = PO.parse(po);
  const entries = parsed.items
    .filter((item) => !item.obsolete)
    .map((item) => ({
      msgctxt: item.msgctxt,
      msgid: item.msgid,
      // The export writes no plural entries: one msgstr each (a second would be a plural form).
      msgstr: item.msgstr.length === 1 ? item.msgstr[0]! : `<${item.msgstr.length} msgstr>`,
      flags: Object.entries(item.flags)
        .filter(([, set]) => set)
        .map(([flag]) => flag),
    }));
  return { headers: { ...parsed.headers }, entries };
}
