import { appendFile, cp, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PACKAGE_ROOT } from '../../generator/index.ts';

/**
 * Synthetic catalogues for the benchmark: a copy of the real content with us grown to `scale`
 * times its products (each new product with its own page), and `regions` regions in all (the
 * new ones copies of uk under new codes). Written with content files only, as a maintainer would.
 */
export interface CatalogueSize {
  /** us sells this many times the products of the real content (1: the real content). */
  scale: number;
  /** Regions in all (8: the real content's). */
  regions: number;
}

/** Makes the synthetic content under `dir`/content; returns how many pages us has more than the real content. */
export async function writeCatalogue(dir: string, size: CatalogueSize): Promise<{ content: string; addedPages: number }> {
  const content = path.join(dir, 'content');
  await cp(path.join(PACKAGE_ROOT, 'content'), content, { recursive: true });
  const products = await readFile(path.join(content, 'regions/us/products.yaml'), 'utf8');
  const real = [...products.matchAll(/^ {2}[a-zA-Z0-9]+:$/gm)].length;
  const added = Math.max(0, Math.round(real * size.scale) - real);
  const page = await readFile(path.join(content, 'pages/flagship-bumblebee/en.yaml'), 'utf8');
  const productLines: string[] = [];
  const routeLines: string[] = [];
  for (let i = 1; i <= added; i++) {
    const number = String(i).padStart(4, '0');
    const key = `benchRobot${number}`;
    const name = `bench-robot-${number}`;
    productLines.push(
      `  ${key}:`,
      `    name: "Bench Robot ${number}"`,
      `    link: /us/${name}`,
      // Sold out every seventh: then without a shop link, as valid content has it.
      `    buy: "${i % 7 === 0 ? '' : `https://shop.example.com/us/${name}`}"`,
      `    alt: "Bench Robot ${number} in robot mode"`,
      `    price: ${100 + i}`,
      ...(i % 3 === 0 ? [`    activityPrice: ${90 + i}`, '    activityTime: { stages: halloween, stage: [1] }'] : []),
      `    stock: ${i % 7}`,
      '    isPreSale: false',
    );
    routeLines.push(`  - { page: ${name}, product: ${key}, scroll: banner }`);
    await mkdir(path.join(content, 'pages', name), { recursive: true });
    await writeFile(
      path.join(content, 'pages', name, 'en.yaml'),
      page
        .replace(/^title: .*$/m, `title: "Bench Robot ${number} | Axlebot"`)
        .replace(/^heading: .*$/m, `heading: "Bench Robot ${number}"`),
    );
  }
  if (added) {
    await appendFile(path.join(content, 'regions/us/products.yaml'), `${productLines.join('\n')}\n`);
    await appendFile(path.join(content, 'regions/us/region.yaml'), `${routeLines.join('\n')}\n`);
  }
  const codes = (await readdir(path.join(content, 'regions'))).length;
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  let made = 0;
  for (let n = 0; codes + made < size.regions; n++) {
    const code = `q${letters[Math.floor(n / 26) % 26]}${letters[n % 26]}`;
    const folder = path.join(content, 'regions', code);
    await mkdir(folder, { recursive: true });
    const region = (await readFile(path.join(content, 'regions/uk/region.yaml'), 'utf8'))
      .replace('code: uk', `code: ${code}`)
      .replace(/^weight: \d+.*$/m, `weight: ${100 + made}`)
      .replaceAll('/uk', `/${code}`)
      .replace('  - page: home\n', '  - { page: home, content: uk }\n');
    await writeFile(path.join(folder, 'region.yaml'), region);
    const own = (await readFile(path.join(content, 'regions/uk/products.yaml'), 'utf8'))
      .replaceAll('/uk/', `/${code}/`)
      .replaceAll('/uk"', `/${code}"`);
    await writeFile(path.join(folder, 'products.yaml'), own);
    made++;
  }
  return { content, addedPages: added };
}
