import type { SchemaTypes } from '../../schema/types.ts';

/** The kinds of content file, by the schema that describes them. */
export const SCHEMA_OF = {
  region: 'region.schema.json',
  products: 'products.schema.json',
  page: 'page.schema.json',
  messages: 'messages.schema.json',
  stages: 'stages.schema.json',
  constants: 'constants.schema.json',
  sources: 'sources.schema.json',
  glossary: 'glossary.schema.json',
} as const satisfies Record<string, keyof SchemaTypes>;

export type ContentKind = keyof typeof SCHEMA_OF;
/** The type of a content file of a kind: the schema's own (schema/types.ts). */
export type ContentOf<K extends ContentKind> = SchemaTypes[(typeof SCHEMA_OF)[K]];
