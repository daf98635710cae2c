import { readSchemas } from '../../generator/index.ts';
import { Refusal } from './security.ts';

/**
 * The JSON Schemas the compiler checks the content with (schema/), made into what the studio's
 * forms read (docs/studio.md, "Forms"): one schema per kind of file, self-contained (the
 * definitions of common.schema.json it refers to copied in, as `common-<name>`), with the kinds
 * of value the forms show with widgets of their own marked in `$comment` (`studio:instant`,
 * `studio:link`, `studio:productKey`, `studio:price`, `studio:stages` on a stages list's
 * instants, `studio:art` on a gallery picture's source art), which JSON Schema leaves to tools.
 */

type Node = { [key: string]: unknown };

const WIDGETS: Readonly<Record<string, string>> = {
  instant: 'studio:instant',
  link: 'studio:link',
  productKey: 'studio:productKey',
  pageName: 'studio:pageName',
};

/** A schema's node with its references to common.schema.json made local, each kind marked. */
function localise(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(localise);
  if (typeof value !== 'object' || value === null) return value;
  const out: Node = {};
  for (const [key, child] of Object.entries(value)) {
    if (key === '$ref' && typeof child === 'string') {
      const common = /^common\.schema\.json#\/definitions\/(\w+)$/.exec(child);
      out[key] = common ? `#/definitions/common-${common[1]}` : child;
    } else out[key] = localise(child);
  }
  return out;
}

/** The form's schema of a kind of file (`products`, `region`...), or a Refusal (404). */
export function formSchema(name: string): Node {
  const schemas = readSchemas() as Record<string, Node>;
  const schema = /^[a-z]+$/.test(name) && name !== 'common' ? schemas[`${name}.schema.json`] : undefined;
  if (!schema) throw new Refusal(404, `No schema '${name.slice(0, 50)}'.`);
  const common = (schemas['common.schema.json']!.definitions ?? {}) as Record<string, Node>;
  const definitions: Node = { ...((localise(schema.definitions ?? {}) as Node) ?? {}) };
  for (const [key, definition] of Object.entries(common)) {
    // Inside common.schema.json, its own references are local already: they name `common-` ones now.
    const local = JSON.parse(JSON.stringify(definition).replace(/"#\/definitions\/(\w+)"/g, '"#/definitions/common-$1"')) as Node;
    definitions[`common-${key}`] = WIDGETS[key] ? { ...local, $comment: WIDGETS[key] } : local;
  }
  markStages(definitions['common-stagesList'] as Node | undefined);
  const { $id: _id, $schema: _schema, ...rest } = localise(schema) as Node;
  const bundled: Node = { ...rest, definitions };
  markPrices(bundled);
  if (name === 'page') markArt(bundled);
  return bundled;
}

/**
 * A stages list's instants divide time into stages: the form shows them on a timeline. The mark
 * is on the list of instants (not the whole stages list), as the form draws the timeline where it
 * draws that list, and each instant keeps its own mark.
 */
function markStages(list: Node | undefined): void {
  const instants = (list?.properties as Record<string, Node> | undefined)?.instants;
  if (instants) instants.$comment = 'studio:stages';
}

/** A gallery picture's `image` names a file of content/assets/ (without `.svg`): its widget offers those files. */
function markArt(page: Node): void {
  const gallery = (page.properties as Record<string, Node> | undefined)?.gallery;
  const image = ((gallery?.items as Node | undefined)?.properties as Record<string, Node> | undefined)?.image;
  if (image) image.$comment = 'studio:art';
}

/** A product's prices (`price`, `activityPrice`) are amounts in the region's currency: their widget shows them so. */
function markPrices(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(markPrices);
  if (typeof node !== 'object' || node === null) return;
  const properties = (node as Node).properties as Record<string, Node> | undefined;
  if (properties)
    for (const [key, property] of Object.entries(properties))
      if (/^(price|activityPrice)$/.test(key) && property.type === 'number') property.$comment = 'studio:price';
  for (const child of Object.values(node)) markPrices(child);
}
