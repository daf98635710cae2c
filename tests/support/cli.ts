import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'vitest';
import { main } from '../../generator/cli.ts';

/** `build-region <args>` through the CLI's own entry, in `cwd`: its exit status and what it printed. */
export async function runCliIn(cwd: string, args: readonly string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const status = await main([...args], { cwd, isTTY: false, env: {}, stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
  return { status, stdout, stderr };
}

/** `build-region translations export --locale <locale> --format <format> --out <out>` over `cwd`'s content/: the file it wrote. */
export async function exportLocale(cwd: string, locale: string, format: string, out: string, ...more: string[]): Promise<string> {
  const result = await runCliIn(cwd, [
    'translations',
    'export',
    '--locale',
    locale,
    '--format',
    format,
    '--out',
    out,
    '--content',
    'content',
    ...more,
  ]);
  expect(result.status, result.stderr).toBe(0);
  return readFile(path.join(cwd, out), 'utf8');
}
