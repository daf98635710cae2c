import { compareStrings } from './diagnostics.ts';

/**
 * Writes the TypeScript types of the content files from their JSON Schemas (schema/*.json), so
 * that the schemas are the one source of every content shape: `validate` narrows parsed YAML
 * to these types, and nothing restates them by hand. `npm run generate` writes the result to
 * schema/types.ts; a test fails when that file is stale.
 *
 * It understands the part of JSON Schema the content schemas use: `type` (one or several),
 * `enum`, `properties` with `required`, `additionalProperties`, `items`, and `$ref` to a
 * definition of the same or another schema file. Every property is readonly: validated
 * content is never changed.
 */

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

/** PascalCase of a definition or file name: `stagesList` -> `StagesList`, `region-chooser` -> `RegionChooser`. */
export function typeName(name: string): string {
  return name.replace(/(^|[-_.\s])([a-zA-Z0-9])/g, (_, __, c: string) => c.toUpperCase());
}

/** The type name of a schema file's root: `region.schema.json` -> `RegionFile`. */
export function fileTypeName(file: string): string {
  return `${typeName(file.replace(/\.schema\.json$/, ''))}File`;
}

const indentOf = (depth: number) => '  '.repeat(depth);

function docComment(description: string | undefined, depth: number): string {
  if (!description) return '';
  const text = description.replace(/\*\//g, '*\\/');
  return `${indentOf(depth)}/** ${text} */\n`;
}

function isIdentifier(name: string): boolean {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name);
}

/**
 * Renders every schema's definitions and root as exported types. `schemas` maps a file name
 * (`region.schema.json`) to its parsed schema; the output is sorted, so it is deterministic.
 */
export function renderSchemaTypes(schemas: Readonly<Record<string, SchemaNode>>): string {
  const files = Object.keys(schemas).sort(compareStrings);
  const owners = new Map<string, string>();
  for (const file of files) {
    for (const name of Object.keys(schemas[file]!.definitions ?? {})) {
      const type = typeName(name);
      if (owners.has(type)) throw new Error(`schema definition '${name}' of ${file} has the same type name as one of ${owners.get(type)}`);
      owners.set(type, file);
    }
  }

  const refType = (ref: string, from: string): string => {
    const match = /^([^#]*)#\/definitions\/([^/]+)$/.exec(ref);
    if (!match) throw new Error(`${from}: $ref '${ref}' is not a definition ('file#/definitions/name')`);
    const file = match[1] || from;
    const name = match[2]!;
    if (!schemas[file]?.definitions?.[name]) throw new Error(`${from}: $ref '${ref}' names no definition`);
    return typeName(name);
  };

  const render = (node: SchemaNode, file: string, depth: number): string => {
    if (node.$ref) return refType(node.$ref, file);
    if (node.enum) return node.enum.map((value) => JSON.stringify(value)).join(' | ');
    const types = node.type === undefined ? [] : typeof node.type === 'string' ? [node.type] : node.type;
    if (types.length === 0) return 'unknown';
    return types.map((type) => renderType(type, node, file, depth)).join(' | ');
  };

  const renderType = (type: string, node: SchemaNode, file: string, depth: number): string => {
    switch (type) {
      case 'string':
        return 'string';
      case 'number':
      case 'integer':
        return 'number';
      case 'boolean':
        return 'boolean';
      case 'null':
        return 'null';
      case 'array':
        return `readonly ${wrap(node.items ? render(node.items, file, depth) : 'unknown')}[]`;
      case 'object':
        return renderObject(node, file, depth);
      default:
        throw new Error(`${file}: type '${type}' is not supported`);
    }
  };

  const wrap = (type: string) => (/[|&\s]/.test(type) && !/^\{[\s\S]*\}$/.test(type) ? `(${type})` : type);

  const renderObject = (node: SchemaNode, file: string, depth: number): string => {
    const properties = Object.entries(node.properties ?? {});
    const required = new Set(node.required ?? []);
    const lines: string[] = [];
    for (const [name, child] of properties) {
      const key = isIdentifier(name) ? name : JSON.stringify(name);
      lines.push(
        `${docComment(child.description, depth + 1)}${indentOf(depth + 1)}readonly ${key}${required.has(name) ? '' : '?'}: ${render(child, file, depth + 1)};`,
      );
    }
    const extra = node.additionalProperties;
    if (extra !== undefined && extra !== false) {
      const value = extra === true ? 'unknown' : render(extra, file, depth + 1);
      lines.push(`${indentOf(depth + 1)}readonly [key: string]: ${value};`);
    } else if (properties.length === 0) {
      return 'Readonly<Record<string, unknown>>';
    }
    return `{\n${lines.join('\n')}\n${indentOf(depth)}}`;
  };

  const declare = (name: string, node: SchemaNode, file: string): string => {
    const body = render(node, file, 0);
    const doc = docComment(node.description ?? node.title, 0);
    if (body.startsWith('{') && !node.$ref && !node.enum && (node.type === 'object' || node.type === undefined))
      return `${doc}export interface ${name} ${body}`;
    return `${doc}export type ${name} = ${body};`;
  };

  const blocks: string[] = [];
  for (const file of files) {
    const schema = schemas[file]!;
    const definitions = Object.entries(schema.definitions ?? {}).sort(([a], [b]) => compareStrings(a, b));
    blocks.push(`// ---- ${file} ${'-'.repeat(Math.max(0, 90 - file.length))}`);
    for (const [name, node] of definitions) blocks.push(declare(typeName(name), node, file));
    if (schema.type !== undefined || schema.properties) blocks.push(declare(fileTypeName(file), schema, file));
  }
  const rootTypes = files.filter((file) => schemas[file]!.type !== undefined || schemas[file]!.properties);
  return [
    '// Generated by `npm run generate` from schema/*.schema.json. Do not edit: change the schema and regenerate.',
    '',
    ...blocks.flatMap((block) => [block, '']),
    '/** The type of each content file, by its schema file. */',
    'export interface SchemaTypes {',
    ...rootTypes.map((file) => `  readonly ${JSON.stringify(file)}: ${fileTypeName(file)};`),
    '}',
    '',
  ].join('\n');
}
