import { describe, expectTypeOf, test } from 'vitest';
import type { MessageKey, PageName, ProductKey, RoutePath } from '../../sites/us/region.ts';
import type { MessageKey as KrMessageKey, PageName as KrPageName, ProductKey as KrProductKey } from '../../sites/kr/region.ts';
import type { RoutePath as CnRoutePath } from '../../sites/cn/region.ts';
import { region } from '../../sites/us/region.ts';
import { products, routes } from '../../sites/us/routes/0.ts';
import type { RuntimeMessageKey } from '../../core/message-keys.ts';

/**
 * The region modules are generated from the content (build-region emit): each names exactly the
 * pages, paths, products and message keys of its region, so naming one it lacks does not compile.
 */
describe('the generated region modules', () => {
  test('name the products of the region, and a misspelt product key does not compile', () => {
    expectTypeOf<'flagshipBumblebee'>().toExtend<ProductKey>();
    expectTypeOf<ProductKey>().not.toEqualTypeOf<string>();
    // @ts-expect-error 'flagshipBumblebe' is a typo, not a product
    const misspelt: ProductKey = 'flagshipBumblebe';
    void misspelt;
    // kr does not sell the flagship Megatron.
    // @ts-expect-error not a product of kr
    const notInKr: KrProductKey = 'flagshipMegatron';
    void notInKr;
  });

  test('name the message keys, and a misspelt message key does not compile', () => {
    expectTypeOf<'nav.home'>().toExtend<MessageKey>();
    expectTypeOf<RuntimeMessageKey>().toExtend<MessageKey>();
    expectTypeOf<RuntimeMessageKey>().toExtend<KrMessageKey>();
    // @ts-expect-error 'nav.hom' is a typo, not a message
    const misspelt: MessageKey = 'nav.hom';
    void misspelt;
  });

  test('name the pages and paths of the region, and a page the region lacks does not compile', () => {
    expectTypeOf<'faq'>().toExtend<PageName>();
    expectTypeOf<'login'>().toExtend<PageName>();
    expectTypeOf<'/us/faq'>().toExtend<RoutePath>();
    expectTypeOf<'/choose-your-region'>().toExtend<CnRoutePath>();
    // @ts-expect-error the us site has no page at /faq (that is the path rule of the region at /)
    const wrongPath: RoutePath = '/faq';
    void wrongPath;
    // @ts-expect-error kr has no Black Friday page
    const notInKr: KrPageName = 'black-friday';
    void notInKr;
    // A shard of the route table holds its routes and their products as the literal data they are.
    expectTypeOf<(typeof routes)[number]['path']>().not.toEqualTypeOf<string>();
    expectTypeOf<(typeof routes)[number]['path']>().toExtend<RoutePath>();
    expectTypeOf<keyof typeof products>().toExtend<ProductKey>();
    expectTypeOf(region.chooser).toEqualTypeOf<'/us/choose-your-region'>();
  });
});
