import { createRequire } from 'node:module';
import path from 'node:path';
import type AjvModule from 'ajv';
import type { ValidateFunction } from 'ajv';
import { cacheKey, readEntrySync, sha256, writeEntrySync, entryPath } from '../cache.ts';
import { compareStrings } from '../diagnostics/index.ts';
import type { Diagnostic } from '../diagnostics/index.ts';
import type { SourceArt } from '../art/images.ts';
import type { LoadedContent, LoadedFile } from '../load/index.ts';
import type { SourceFile } from '../load/source-file.ts';
import { describeErrors } from './schema-errors.ts';
import { SCHEMA_OF } from '../load/kinds.ts';
import type { ContentKind, ContentOf } from '../load/kinds.ts';
import { readSchemas } from './schemas.ts';

const require = createRequire(import.meta.url);

/** A content file that matched its schema: its data has the schema's type (schema/types.ts). */
export interface Validated<K extends ContentKind> {
  readonly source: SourceFile;
  readonly data: ContentOf<K>;
}

/**
 * What `validate` returns: the files that matched their schemas, typed by kind and sorted by
 * id. Files that failed are reported and left out; `present` still names them, so that a
 * check of a missing file does not report them a second time.
 */
export interface ValidatedContent {
  readonly regions: readonly Validated<'region'>[];
  readonly products: readonly Validated<'products'>[];
  readonly pages: readonly Validated<'page'>[];
  readonly messages: readonly Validated<'messages'>[];
  readonly stages?: Validated<'stages'>;
  readonly constants?: Validated<'constants'>;
  /** The glossary (glossary.yaml), when the content has one. */
  readonly glossary?: Validated<'glossary'>;
  /** The sources files of translations (`*.sources.json`, docs/translations.md). */
  readonly sources: readonly Validated<'sources'>[];
  /** The id of every content file that exists, valid or not. */
  readonly present: ReadonlySet<string>;
  /** How paths inside the content folder are printed: `content/`, so `content/regions/us/region.yaml`. */
  readonly prefix: string;
  readonly art: readonly SourceArt[];
}

type Validators = { readonly [K in ContentKind]: ValidateFunction<ContentOf<K>> };

/** The options the validators are compiled with (part of their cache key). */
const AJV_OPTIONS = { allErrors: true, verbose: true, strict: true, allowUnionTypes: true } as const;

let validators: { key: string; validators: Validators } | undefined;

/**
 * The schemas' validators, compiled once per process. With a cache folder, ajv's standalone code
 * of the compiled schemas is kept there (keyed by the schemas' hash), so later runs load the
 * code instead of loading ajv and compiling the schemas again.
 */
function getValidators(cacheDir?: string): Validators {
  const schemas = readSchemas();
  // The code requires ajv's runtime helpers by absolute path (the cache may be anywhere): where they are is part of the key.
  const runtime = path.dirname(require.resolve('ajv/dist/runtime/equal'));
  const key = cacheKey('validators', runtime, JSON.stringify(AJV_OPTIONS), sha256(JSON.stringify(schemas)));
  if (validators?.key === key) return validators.validators;
  if (readEntrySync(cacheDir, 'validators', key, '.cjs')) {
    // The entry's hash was checked as it was read: this is the code that was written.
    try {
      validators = { key, validators: require(entryPath(cacheDir!, 'validators', key, '.cjs')) };
      return validators.validators;
    } catch {
      // Code that cannot load (its helpers moved) is made anew below.
    }
  }
  const ajvModule: typeof AjvModule & { default?: typeof AjvModule } = require('ajv');
  const Ajv = ajvModule.default ?? ajvModule;
  const ajv = new Ajv({ ...AJV_OPTIONS, code: { source: true } });
  for (const [file, schema] of Object.entries(schemas)) if (!Object.values(SCHEMA_OF).some((name) => name === file)) ajv.addSchema(schema);
  const compiled: Validators = {
    region: ajv.compile<ContentOf<'region'>>(schemas[SCHEMA_OF.region]!),
    products: ajv.compile<ContentOf<'products'>>(schemas[SCHEMA_OF.products]!),
    page: ajv.compile<ContentOf<'page'>>(schemas[SCHEMA_OF.page]!),
    messages: ajv.compile<ContentOf<'messages'>>(schemas[SCHEMA_OF.messages]!),
    stages: ajv.compile<ContentOf<'stages'>>(schemas[SCHEMA_OF.stages]!),
    constants: ajv.compile<ContentOf<'constants'>>(schemas[SCHEMA_OF.constants]!),
    sources: ajv.compile<ContentOf<'sources'>>(schemas[SCHEMA_OF.sources]!),
    glossary: ajv.compile<ContentOf<'glossary'>>(schemas[SCHEMA_OF.glossary]!),
  };
  if (cacheDir) {
    const standalone: (ajv: AjvModule, refs: Record<string, string>) => string = require('ajv/dist/standalone').default;
    const refs = Object.fromEntries(Object.entries(SCHEMA_OF).map(([kind, file]) => [kind, schemas[file]?.$id ?? '']));
    const code = standalone(ajv, refs).replace(
      /require\("ajv\/dist\/runtime\/([a-z0-9]+)"\)/g,
      (_, name: string) => `require(${JSON.stringify(path.join(runtime, name))})`,
    );
    writeEntrySync(cacheDir, 'validators', key, code, '.cjs');
  }
  validators = { key, validators: compiled };
  return compiled;
}

interface Outcome<K extends ContentKind> {
  readonly result?: Validated<K>;
  readonly problems: readonly Diagnostic[];
}
type Outcomes = { readonly [K in ContentKind]: WeakMap<LoadedFile, Outcome<K>> };

/** Each parsed file's outcome, by kind: a file parsed from the same text (the live preview's cache) is checked once. */
const outcomes: Outcomes = {
  region: new WeakMap(),
  products: new WeakMap(),
  page: new WeakMap(),
  messages: new WeakMap(),
  stages: new WeakMap(),
  constants: new WeakMap(),
  sources: new WeakMap(),
  glossary: new WeakMap(),
};

/** A file checked against its schema: its data with the schema's type, or its problems. */
function outcomeOf<K extends ContentKind>(
  file: LoadedFile,
  validate: ValidateFunction<ContentOf<K>>,
  cache: WeakMap<LoadedFile, Outcome<K>>,
): Outcome<K> {
  const known = cache.get(file);
  if (known) return known;
  const outcome: Outcome<K> = validate(file.data)
    ? { result: { source: file, data: file.data }, problems: [] }
    : { problems: describeErrors(file, validate.errors ?? []) };
  cache.set(file, outcome);
  return outcome;
}

/**
 * Checks every parsed file against its JSON Schema. Returns the valid files, typed by kind,
 * and the problems of the others; what `load` returned is left as it was.
 */
export function validateContent(
  content: LoadedContent,
  options: { cacheDir?: string } = {},
): { content: ValidatedContent; diagnostics: Diagnostic[] } {
  const all = getValidators(options.cacheDir);
  const regions: Validated<'region'>[] = [];
  const products: Validated<'products'>[] = [];
  const pages: Validated<'page'>[] = [];
  const messages: Validated<'messages'>[] = [];
  let stages: Validated<'stages'> | undefined;
  let constants: Validated<'constants'> | undefined;
  let glossary: Validated<'glossary'> | undefined;
  const sources: Validated<'sources'>[] = [];
  const diagnostics: Diagnostic[] = [];
  const files = [...content.files].sort((a, b) => compareStrings(a.id, b.id));
  const take = <K extends ContentKind>(outcome: Outcome<K>): Validated<K> | undefined => {
    diagnostics.push(...outcome.problems);
    return outcome.result;
  };
  for (const file of files) {
    if (file.data === undefined) continue;
    switch (file.kind) {
      case 'region':
        push(regions, take(outcomeOf(file, all.region, outcomes.region)));
        break;
      case 'products':
        push(products, take(outcomeOf(file, all.products, outcomes.products)));
        break;
      case 'page':
        push(pages, take(outcomeOf(file, all.page, outcomes.page)));
        break;
      case 'messages':
        push(messages, take(outcomeOf(file, all.messages, outcomes.messages)));
        break;
      case 'stages':
        stages = take(outcomeOf(file, all.stages, outcomes.stages));
        break;
      case 'constants':
        constants = take(outcomeOf(file, all.constants, outcomes.constants));
        break;
      case 'sources':
        push(sources, take(outcomeOf(file, all.sources, outcomes.sources)));
        break;
      case 'glossary':
        glossary = take(outcomeOf(file, all.glossary, outcomes.glossary));
        break;
    }
  }
  const first = content.files[0];
  const prefix = first ? first.file.slice(0, first.file.length - first.id.length) : '';
  return {
    content: {
      regions,
      products,
      pages,
      messages,
      stages,
      constants,
      glossary,
      sources,
      present: new Set(content.files.map((f) => f.id)),
      prefix,
      art: content.art,
    },
    diagnostics,
  };
}

function push<T>(list: T[], item: T | undefined): void {
  if (item !== undefined) list.push(item);
}
