import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readContentSources, PACKAGE_ROOT } from '../../generator/index.ts';

const schemaDir = path.join(PACKAGE_ROOT, 'schema');
const schemas = readdirSync(schemaDir)
  .filter((f) => f.endsWith('.schema.json'))
  .sort();

/** Every property schema under `properties`, `items`, `additionalProperties` and `definitions`. */
function undescribed(node: unknown, at: string, out: string[]): string[] {
  if (!node || typeof node !== 'object') return out;
  const schema = node as Record<string, unknown>;
  if (!('$ref' in schema) && typeof schema.description !== 'string') out.push(at || '(root)');
  for (const [name, child] of Object.entries((schema.properties as Record<string, unknown>) ?? {}))
    undescribed(child, `${at}.properties.${name}`, out);
  for (const [name, child] of Object.entries((schema.definitions as Record<string, unknown>) ?? {}))
    undescribed(child, `${at}.definitions.${name}`, out);
  if (schema.items && typeof schema.items === 'object') undescribed(schema.items, `${at}.items`, out);
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object')
    undescribed(schema.additionalProperties, `${at}.additionalProperties`, out);
  return out;
}

describe('the JSON Schemas', () => {
  it.each(schemas)('%s describes every property', (file) => {
    const schema = JSON.parse(readFileSync(path.join(schemaDir, file), 'utf8'));
    expect(undescribed(schema, '', [])).toEqual([]);
  });

  it('are declared on the first line of every content file, with a path that exists', async () => {
    const contentDir = path.join(PACKAGE_ROOT, 'content');
    for (const { id, text } of await readContentSources(contentDir)) {
      // A YAML file in a comment; a JSON one (a translation's sources) in its $schema.
      const match = id.endsWith('.json')
        ? ([text, (JSON.parse(text) as { $schema: string }).$schema] as const)
        : /^# yaml-language-server: \$schema=(\S+)$/m.exec(text.split('\n')[0] ?? '');
      expect(match, `${id} does not declare its schema on its first line`).not.toBeNull();
      const target = path.resolve(path.dirname(path.join(contentDir, id)), match![1]!);
      expect(
        schemas.map((s) => path.join(schemaDir, s)),
        id,
      ).toContain(target);
    }
  });
});
