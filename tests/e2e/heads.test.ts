import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { listFiles } from '../../generator/index.ts';
import { isAccountScreen } from '../../core/kinds.ts';
import { readHead } from '../support/html-head.ts';

const distDir = inject('distDir');

/** The width and height of a JPEG file, from its frame header (SOF); undefined when it is no JPEG. */
const sizes = new Map<string, Promise<[number, number] | undefined>>();
function jpegSize(file: string): Promise<[number, number] | undefined> {
  let size = sizes.get(file);
  if (!size) {
    size = readFile(file).then((bytes) => {
      if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return undefined;
      for (let at = 2; at < bytes.length - 8; ) {
        const marker = bytes[at + 1]!;
        if (marker >= 0xc0 && marker <= 0xc3) return [bytes.readUInt16BE(at + 7), bytes.readUInt16BE(at + 5)];
        at += 2 + bytes.readUInt16BE(at + 2);
      }
      return undefined;
    });
    sizes.set(file, size);
  }
  return size;
}

/** A Product's structured data as merchant listings read it (the fields this test checks). */
interface MerchantProduct {
  name: string;
  image: string[];
  brand: object;
  offers: {
    price: number;
    priceCurrency: string;
    availability: string;
    itemCondition: string;
    shippingDetails: {
      shippingRate: { currency: string };
      shippingDestination: { addressCountry: string }[];
      deliveryTime: { handlingTime: { unitCode: string } };
    };
    hasMerchantReturnPolicy: { merchantReturnDays: number; applicableCountry: string[] };
  };
}
const files = (await listFiles(distDir)).filter((f) => f.endsWith('.html'));
const ORIGIN = /^https:\/\/www\.example\.(com|cn)$/;

/** The path a page file is served at: `us/faq/index.html` -> `/us/faq`, `index.html` -> `/`. */
const servedAt = (file: string) => `/${file.replace(/(^|\/)index\.html$/, '')}`.replace(/(.)\/$/, '$1');

describe('the head of every page in every region, read from the raw HTML', () => {
  it('covers every prerendered page', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it.each(files)('%s', async (file) => {
    const html = await readFile(path.join(distDir, file), 'utf8');
    const head = readHead(html);
    expect(head.lang, 'html lang').toMatch(/^[a-z]{2}(-[A-Z]{2})?$/);
    expect(head.titles, 'one non-empty <title>').toHaveLength(1);
    expect(head.titles[0]!.trim()).not.toBe('');
    // The body says which page and layout it is, from the route (the not-found page: not-found).
    expect(html).toMatch(/<body data-page="[a-z0-9/-]+" data-kind="[a-z-]+">/);
    if (file.endsWith('404.html')) {
      expect(head.meta.get('robots')).toBe('noindex');
      return;
    }
    expect(head.canonical, 'one canonical link').toHaveLength(1);
    const canonical = new URL(head.canonical[0]!);
    expect(canonical.origin).toMatch(ORIGIN);
    if (head.meta.get('robots') === 'noindex' && html.includes('http-equiv="refresh"')) {
      // A redirect page (new-release): its canonical is where the content lives.
      expect(canonical.pathname).toMatch(/\/mini-robot$/);
      return;
    }
    // The canonical URL is the page's own, normalised path on its region's origin.
    expect(canonical.pathname).toBe(servedAt(file));
    expect(head.meta.get('description')?.trim(), 'description').toBeTruthy();
    expect(head.meta.get('keywords')?.trim(), 'keywords').toBeTruthy();
    if (isAccountScreen(canonical.pathname.split('/').at(-1)!)) {
      // The account screens are for visitors, not search results.
      expect(head.meta.get('robots')).toBe('noindex');
      return;
    }
    // Alternates: the page itself, every other region that has it, and x-default.
    const hrefs = head.alternates.map((a) => a.href);
    expect(hrefs).toContain(canonical.href);
    expect(head.alternates.at(-1)?.hreflang).toBe('x-default');
    expect(new Set(head.alternates.map((a) => a.hreflang)).size).toBe(head.alternates.length);
    for (const alternate of head.alternates) expect(new URL(alternate.href).origin).toMatch(ORIGIN);
    // JSON-LD: every block parses; Organization and WebPage always, Product on product pages.
    const data = head.jsonLd.map((text) => JSON.parse(text) as { '@context': string; '@type': string; url?: string });
    expect(data.every((d) => d['@context'] === 'https://schema.org')).toBe(true);
    const types = data.map((d) => d['@type']);
    expect(types.slice(0, 2)).toEqual(['Organization', 'WebPage']);
    expect(data[1]!.url).toBe(canonical.href);
    // A page that presents a product (its banner and buy box) describes it as a Product.
    expect(types.includes('Product'), 'Product structured data on a product page').toBe(html.includes('class="content-page product-page"'));
    if (types.includes('Product')) {
      // What Google's merchant listings read (docs/market.md): every field, from the region's content.
      const product = data.find((d) => d['@type'] === 'Product') as unknown as MerchantProduct;
      expect(product.name).toBeTruthy();
      expect(product.image).toEqual([
        expect.stringMatching(/^https:\/\/.+\/images\/\w+\.jpg$/),
        expect.stringMatching(/^https:\/\/.+\.svg$/),
      ]);
      expect(product.brand).toEqual({ '@type': 'Brand', name: expect.any(String) });
      expect(product.offers.price).toBeGreaterThan(0);
      expect(product.offers.priceCurrency).toMatch(/^[A-Z]{3}$/);
      expect(product.offers.availability).toMatch(/^https:\/\/schema\.org\/(InStock|OutOfStock|PreOrder)$/);
      expect(product.offers.itemCondition).toBe('https://schema.org/NewCondition');
      expect(product.offers.shippingDetails.shippingRate.currency).toBe(product.offers.priceCurrency);
      expect(product.offers.shippingDetails.shippingDestination.length).toBeGreaterThan(0);
      for (const destination of product.offers.shippingDetails.shippingDestination)
        expect(destination.addressCountry).toMatch(/^[A-Z]{2}$/);
      expect(product.offers.shippingDetails.deliveryTime.handlingTime.unitCode).toBe('DAY');
      expect(product.offers.hasMerchantReturnPolicy.merchantReturnDays).toBeGreaterThan(0);
      expect(product.offers.hasMerchantReturnPolicy.applicableCountry.every((c) => /^[A-Z]{2}$/.test(c))).toBe(true);
      // The share tags say the same price, with the region's tax wording.
      expect(head.properties.get('product:price:amount')).toEqual([String(product.offers.price)]);
      expect(head.properties.get('og:type')).toEqual(['product']);
      expect(head.meta.get('twitter:data1')).toMatch(/\S/);
    }
    // FAQ pages answer their questions in structured data; product and content pages say where they are.
    if (html.includes('data-kind="faq"'))
      expect((data.find((d) => d['@type'] === 'FAQPage') as unknown as { mainEntity: unknown[] }).mainEntity.length).toBeGreaterThan(3);
    if (/data-kind="(product|content)"/.test(html)) {
      const crumbs = data.find((d) => d['@type'] === 'BreadcrumbList') as unknown as {
        itemListElement: { position: number; item: string }[];
      };
      expect(crumbs.itemListElement.map((c) => c.position)).toEqual([1, 2]);
      expect(crumbs.itemListElement.at(-1)!.item).toBe(canonical.href);
    }
    // Open Graph and Twitter Card tags on every page: the page itself, and a share card of 1200x630 that the build wrote.
    expect(head.properties.get('og:url')).toEqual([canonical.href]);
    expect(head.properties.get('og:title')).toEqual(head.titles);
    expect(head.properties.get('og:description')).toEqual([head.meta.get('description')]);
    expect(head.meta.get('twitter:card')).toBe('summary_large_image');
    const image = head.properties.get('og:image')![0]!;
    expect(head.meta.get('twitter:image')).toBe(image);
    expect([head.properties.get('og:image:width'), head.properties.get('og:image:height')]).toEqual([['1200'], ['630']]);
    expect(await jpegSize(path.join(distDir, new URL(image).pathname)), `${image} is a 1200x630 JPEG`).toEqual([1200, 630]);
  });
});
