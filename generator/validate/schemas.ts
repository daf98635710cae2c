import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { SCHEMA_DIR } from '../paths.ts';

/** A JSON Schema node, as far as the types need it. (A type, not an interface: ajv takes it as a schema object.) */
export type SchemaNode = {
  readonly $id?: string;
  readonly $ref?: string;
  readonly description?: string;
  readonly title?: string;
  readonly type?: string | readonly string[];
  readonly enum?: readonly unknown[];
  readonly properties?: Readonly<Record<string, SchemaNode>>;
  readonly required?: readonly string[];
  readonly additionalProperties?: boolean | SchemaNode;
  readonly items?: SchemaNode;
  readonly definitions?: Readonly<Record<string, SchemaNode>>;
};

/** Every schema file of schema/, parsed, by file name (the shared definitions included). */
export function readSchemas(dir: string = SCHEMA_DIR): Record<string, SchemaNode> {
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.schema.json'))
    .sort();
  return Object.fromEntries(files.map((name) => [name, JSON.parse(readFileSync(path.join(dir, name), 'utf8'))]));
}
