import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { SCHEMA_DIR } from './paths.ts';
import type { SchemaTypes } from '../schema/types.ts';
import type { SchemaNode } from './schema-types.ts';

/** The kinds of content file, by the schema that describes them. */
export const SCHEMA_OF = {
  region: 'region.schema.json',
  products: 'products.schema.json',
  page: 'page.schema.json',
  messages: 'messages.schema.json',
  stages: 'stages.schema.json',
  constants: 'constants.schema.json',
  sources: 'sources.schema.json',
} as const satisfies Record<string, keyof SchemaTypes>;

export type ContentKind = keyof typeof SCHEMA_OF;
/** The type of a content file of a kind: the schema's own (schema/types.ts). */
export type ContentOf<K extends ContentKind> = SchemaTypes[(typeof SCHEMA_OF)[K]];

/** Every schema file of schema/, parsed, by file name (the shared definitions included). */
export function readSchemas(dir: string = SCHEMA_DIR): Record<string, SchemaNode> {
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.schema.json'))
    .sort();
  return Object.fromEntries(files.map((name) => [name, JSON.parse(readFileSync(path.join(dir, name), 'utf8'))]));
}
