// npm run docs: writes docs/diagnostics.md from the code catalogue in generator/errors.ts.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { renderDiagnosticsDoc } from '../generator/docs.ts';
import { PACKAGE_ROOT } from '../generator/paths.ts';

await writeFile(path.join(PACKAGE_ROOT, 'docs', 'diagnostics.md'), renderDiagnosticsDoc());
console.log('wrote docs/diagnostics.md');
