import { describe, expectTypeOf, test } from 'vitest';
import type { MessageKey, PageName, ProductKey, RoutePath } from '../../sites/us/region.ts';
import type { ProductKey as KrProductKey } from '../../sites/kr/region.ts';
import { region } from '../../sites/us/region.ts';
import type { RuntimeMessageKey } from '../../core/message-keys.ts';

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
    // @ts-expect-error 'nav.hom' is a typo, not a message
    const misspelt: MessageKey = 'nav.hom';
    void misspelt;
  });

  test('name the pages and paths of the region', () => {
    expectTypeOf<'faq'>().toExtend<PageName>();
    expectTypeOf<'/us/faq'>().toExtend<RoutePath>();
    // @ts-expect-error the us site has no page at /faq (that is cn's path rule)
    const wrongPath: RoutePath = '/faq';
    void wrongPath;
    expectTypeOf(region.products.flagshipBumblebee.price).toEqualTypeOf<1299>();
  });
});
