import path from 'node:path';
import { setYamlValue } from './content.ts';

/** Adds routes to the end of a region's routes, found by their key, whatever the content lists. */
async function addRoutes(content: string, code: string, routes: readonly Record<string, string>[]): Promise<void> {
  const file = path.join(content, 'regions', code, 'region.yaml');
  await setYamlValue(file, ['routes'], (listed: unknown) => {
    const pages = new Set((listed as { page: string }[]).map((route) => route.page));
    for (const route of routes) if (pages.has(route.page!)) throw new Error(`${file} already lists ${route.page}`);
    return [...(listed as unknown[]), ...routes];
  });
}

/**
 * Pages not yet translated, in a copy of the content (docs/translations.md): jp lists the FAQ
 * and technical support, kr the Bumblebee's product page; none is written in their language.
 */
export async function addUntranslatedRoutes(content: string): Promise<void> {
  await addRoutes(content, 'jp', [{ page: 'faq', kind: 'faq' }, { page: 'technical-support' }]);
  await addRoutes(content, 'kr', [{ page: 'flagship-bumblebee', product: 'flagshipBumblebee' }]);
}
