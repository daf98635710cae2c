import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderDiagnosticsDoc } from '../../generator/docs.ts';
import { ERRORS } from '../../generator/errors.ts';
import { PACKAGE_ROOT } from '../../generator/paths.ts';

describe('docs/diagnostics.md', () => {
  it('lists every diagnostic code and is current with the catalogue', async () => {
    const onDisk = await readFile(path.join(PACKAGE_ROOT, 'docs', 'diagnostics.md'), 'utf8');
    expect(onDisk, "docs/diagnostics.md is stale: run 'npm run generate'").toBe(renderDiagnosticsDoc());
    for (const code of Object.keys(ERRORS)) expect(onDisk).toContain(`| ${code} |`);
  });
});
