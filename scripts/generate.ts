// npm run generate: writes what is generated from the code's own sources and committed:
// schema/types.ts from schema/*.schema.json, docs/diagnostics.md from generator/diagnostics/catalogue.ts,
// core/message-keys.ts (the runtime's message keys) from content/messages/en-US.yaml.
// (The region modules in sites/ are generated from the content by build-region, not committed.)
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { renderDiagnosticsDoc, renderMessageKeys, PACKAGE_ROOT, readSchemas, renderSchemaTypes } from '../generator/index.ts';

await writeFile(path.join(PACKAGE_ROOT, 'schema', 'types.ts'), renderSchemaTypes(readSchemas()));
console.log('wrote schema/types.ts');
await writeFile(path.join(PACKAGE_ROOT, 'docs', 'diagnostics.md'), renderDiagnosticsDoc());
console.log('wrote docs/diagnostics.md');
await writeFile(path.join(PACKAGE_ROOT, 'core', 'message-keys.ts'), renderMessageKeys());
console.log('wrote core/message-keys.ts');
