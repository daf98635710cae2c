import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium, PICTURE_SIZES, takePicture } from '../../preview/pictures/index.ts';

/**
 * The review renderer pictures every page at the width asked for (issue 46, point 1;
 * docs/review.md, "Instants"): a page with something past its right edge that the visitor never
 * sees (clipped by `overflow-x: hidden`, as a slid-out menu panel or a marquee is) still comes out
 * 375 px wide at phone size, hydrated at a later instant and as it first paints. Pictured as wide as
 * the document's scroll width, it came out 2,391 px wide, its phone layout redone at that width.
 */
const PAGE = `<!doctype html><html lang="en" style="overflow-x:hidden"><head><meta name="viewport" content="width=device-width">
<title>Wide</title><style>body{margin:0;font:16px sans-serif}main{padding:1rem}
.panel{position:absolute;top:0;left:100%;width:2016px;height:40px;background:#0b1a33}
@media (min-width: 721px){main{background:#ffd38a}}</style></head>
<body><main><h1>A phone page</h1><p>Its menu panel waits past the right edge.</p></main><div class="panel"></div>
<script>document.documentElement.setAttribute('data-hydrated', '')</script></body></html>`;

let browser: Browser;
let origin: string;
const server = createServer((request, response) => {
  if (request.url?.endsWith('/ssr/timestamp')) return response.writeHead(404).end();
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
});
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  server.close();
});

describe('a picture of a page with content past its right edge', () => {
  for (const size of PICTURE_SIZES)
    for (const [moment, options] of [
      ['hydrated at a later instant', { at: Date.parse('2026-12-01T00:00:00Z') }],
      ['as it first paints', { at: Date.parse('2026-11-22T00:00:00Z'), firstPaint: true }],
    ] as const)
      it(`is ${size.width} px wide at ${size.name} size, ${moment}, in its own layout`, async () => {
        const picture = await takePicture(browser, origin, '/wide', { size, ...options });
        const { width } = await sharp(picture).metadata();
        expect(width).toBe(size.width);
        // The layout is the size's own: the phone picture's main has no desktop background.
        const { data } = await sharp(picture).extract({ left: 2, top: 2, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
        expect([...data.subarray(0, 3)]).toEqual(size.width < 721 ? [255, 255, 255] : [255, 211, 138]);
      });
});
