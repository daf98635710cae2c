// The import goal of `npm run bench` (scripts/bench.ts, docs/performance.md): a translator's file
// near import's size limit (20 MB) read with memory a few times its size, in a few times the time
// of the same texts in a small file. The large file is the real fr-FR export with a translator's
// note of its own on every text (XLIFF) or comment lines (PO): every byte is read, nothing refused.
import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { median } from './process.ts';
import type { Run } from './process.ts';

export interface ImportBench {
  work: string;
  real: { content: string };
  runs: number;
  bin: string;
  run: (script: string, args: readonly string[], cwd?: string, options?: { tree?: boolean }) => Promise<Run>;
  report: (goal: string, measured: string, pass: boolean) => void;
}

const TARGET_BYTES = 19.5 * 1024 * 1024;

/** The file grown to about TARGET_BYTES with translator's notes (XLIFF 2.0) or comments (PO). */
function grow(text: string, format: 'xliff' | 'po'): string {
  const slots = format === 'xliff' ? text.split('      </notes>').length - 1 : text.split('\nmsgctxt ').length - 1;
  const each = Math.floor((TARGET_BYTES - Buffer.byteLength(text)) / slots);
  const sentence = 'A note from the translator, kept with the text. ';
  if (format === 'xliff') {
    const note = `        <note category="translator">${sentence.repeat(Math.floor(each / sentence.length))}</note>\n`;
    return text.replaceAll('      </notes>', `${note}      </notes>`);
  }
  const lines = `${`# ${sentence}\n`.repeat(Math.floor(each / (sentence.length + 3)))}`;
  return text.replaceAll('\nmsgctxt ', `\n${lines}msgctxt `);
}

export async function importGoals(bench: ImportBench): Promise<void> {
  const { work, real, run, report, bin } = bench;
  for (const format of ['xliff', 'po'] as const) {
    const small = path.join(work, `fr-small.${format === 'xliff' ? 'xlf' : 'po'}`);
    const large = path.join(work, `fr-large.${format === 'xliff' ? 'xlf' : 'po'}`);
    await run(bin, ['translations', 'export', '--locale', 'fr-FR', '--format', format, '--all', '--out', small, '--content', real.content]);
    await writeFile(large, grow(await readFile(small, 'utf8'), format));
    const size = (await stat(large)).size / 1024 / 1024;
    const smalls: Run[] = [];
    const larges: Run[] = [];
    // Interleaved; the texts are unchanged, so neither writes anything.
    for (let i = 0; i < Math.min(bench.runs, 3); i++) {
      smalls.push(await run(bin, ['translations', 'import', small, '--content', real.content]));
      larges.push(await run(bin, ['translations', 'import', large, '--content', real.content]));
    }
    const extra = median(larges.map((r) => r.peak)) - median(smalls.map((r) => r.peak));
    const ratio = median(larges.map((r) => r.wall)) / median(smalls.map((r) => r.wall));
    report(
      `import of a ${size.toFixed(1)} MB ${format === 'xliff' ? 'XLIFF 2.0' : 'PO'} file: memory <= 5x its size over a small file's, time <= 5x`,
      `peak ${median(larges.map((r) => r.peak)).toFixed(0)} MiB against ${median(smalls.map((r) => r.peak)).toFixed(0)} MiB (+${extra.toFixed(0)} MiB, ${(extra / size).toFixed(1)}x the file); ` +
        `${median(larges.map((r) => r.wall)).toFixed(2)} s against ${median(smalls.map((r) => r.wall)).toFixed(2)} s (${ratio.toFixed(2)}x)`,
      extra <= 5 * size && ratio <= 5,
    );
  }
}
