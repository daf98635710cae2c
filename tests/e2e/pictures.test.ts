import { describe, expect, it } from 'vitest';
import { comparePictures } from '../../preview/review/compare.ts';
import { takePicture } from '../../preview/pictures/index.ts';
import { BUILT_AT } from '../support/instants.ts';
import { useTestSite } from '../support/site.ts';

/**
 * The review pictures (issue 32, docs/review.md): the same content gives the same pixels, a page
 * pictured as it first paints (before its app loads) is pixel for pixel the page hydrated, and a
 * page pictured at a later instant is the page as visitors will see it then.
 */
const site = useTestSite();
const phone = { name: 'phone', width: 375, height: 740 };
const desktop = { name: 'desktop', width: 1280, height: 800 };

describe('review pictures', () => {
  it('pictures a page twice with zero changed pixels (the us front page at a phone width)', async () => {
    const origin = site.url('/');
    const first = await takePicture(site.browser, origin, '/us', { size: phone, at: BUILT_AT });
    const second = await takePicture(site.browser, origin, '/us', { size: phone, at: BUILT_AT });
    const compared = await comparePictures(first, second);
    expect(compared.changed).toBe(0);
    expect(compared.height).toBeGreaterThan(phone.height);
  });

  it('pictures a page as it first paints twice with zero changed pixels (the de front page, consent banner answered)', async () => {
    const origin = site.url('/');
    const first = await takePicture(site.browser, origin, '/de', { size: phone, at: BUILT_AT, firstPaint: true });
    const second = await takePicture(site.browser, origin, '/de', { size: phone, at: BUILT_AT, firstPaint: true });
    expect((await comparePictures(first, second)).changed).toBe(0);
  });

  // Every kind of page a change names but the account screens, whose hydrated look depends on a
  // session or a link's token (docs/review.md), in regions of each script and the consent banner's.
  it.each([
    ['/us/flagship-bumblebee', phone],
    ['/us/faq', phone],
    ['/de/black-friday', phone],
    ['/jp/choose-your-region', phone],
    ['/', desktop],
  ])('pictures %s as it first paints with the same pixels as hydrated', async (pathname, size) => {
    const origin = site.url('/');
    const hydrated = await takePicture(site.browser, origin, pathname, { size, at: BUILT_AT });
    const first = await takePicture(site.browser, origin, pathname, { size, at: BUILT_AT, firstPaint: true });
    const compared = await comparePictures(hydrated, first);
    expect(compared.height).toBeGreaterThan(size.height);
    expect(compared.changed).toBe(0);
  });

  // A review pictures each page at a phone's width, then at a desktop's: the page is widened, not
  // loaded again (preview/pictures/index.ts), which must look as the page loaded at that width.
  it.each(['/us', '/us/flagship-bumblebee', '/jp/faq', '/de'])(
    'pictures %s at a desktop width as it first paints the same whether loaded at that width or widened from a phone',
    async (pathname) => {
      const origin = site.url('/');
      await takePicture(site.browser, origin, pathname, { size: phone, at: BUILT_AT, firstPaint: true });
      const widened = await takePicture(site.browser, origin, pathname, { size: desktop, at: BUILT_AT, firstPaint: true });
      await takePicture(site.browser, origin, '/', { size: desktop, at: BUILT_AT, firstPaint: true });
      const loaded = await takePicture(site.browser, origin, pathname, { size: desktop, at: BUILT_AT, firstPaint: true });
      const compared = await comparePictures(widened, loaded);
      expect(compared.width).toBe(desktop.width);
      expect(compared.changed).toBe(0);
    },
  );

  it('pictures a page as it will be at a later instant: the Black Friday link gone once its page closed', async () => {
    const origin = site.url('/');
    const open = await takePicture(site.browser, origin, '/us', { size: desktop, at: BUILT_AT });
    const closed = await takePicture(site.browser, origin, '/us', { size: desktop, at: Date.parse('2026-12-01T06:00:00Z') });
    const again = await takePicture(site.browser, origin, '/us', { size: desktop, at: Date.parse('2026-12-01T06:00:00Z') });
    expect((await comparePictures(open, closed)).changed).toBeGreaterThan(0);
    expect((await comparePictures(closed, again)).changed).toBe(0);
  });
});
