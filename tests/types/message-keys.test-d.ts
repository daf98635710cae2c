import { describe, expectTypeOf, test } from 'vitest';
import type { RuntimeMessageKey } from '../../core/message-keys.ts';
import { countText } from '../../core/plurals.ts';
import type { useScreenText } from '../../runtime/account-screens/common.tsx';
import type { Translate, useT } from '../../runtime/site.tsx';
import type { MessageKey as UsMessageKey } from '../../sites/us/region.ts';

/**
 * `t` takes the catalogue's keys alone (core/message-keys.ts, generated from
 * content/messages/en-US.yaml): a key the code names but the catalogue lacks fails the
 * type-check instead of rendering ''. Each `@ts-expect-error` below fails tsc if it is unused,
 * that is, if `t` accepted any string again.
 */
declare const t: Translate;

describe('the texts the runtime looks up', () => {
  test('useT() answers a translator of the catalogue keys, not of any string', () => {
    expectTypeOf<ReturnType<typeof useT>>().toEqualTypeOf<Translate>();
    expectTypeOf<Parameters<Translate>[0]>().not.toEqualTypeOf<string>();
    expectTypeOf<RuntimeMessageKey>().not.toEqualTypeOf<string>();
    // Every key the runtime may use is in the catalogue every region's texts come from.
    expectTypeOf<RuntimeMessageKey>().toExtend<UsMessageKey>();
  });

  test('a key of the catalogue compiles; a key it lacks does not', () => {
    expectTypeOf(t('nav.home')).toEqualTypeOf<string>();
    t('account.validation.password');
    // @ts-expect-error no such key in the catalogue
    t('no.such.key');
    // @ts-expect-error a typo of nav.home
    t('nav.hom');
    // @ts-expect-error the back ends' mail is not in the pages' catalogue
    t('mail.loginSubject');
    // @ts-expect-error the build writes the consent banner's texts itself
    t('consent.title');
  });

  test('a plural form of a known key compiles (a locale may lack it); a form of an unknown key does not', () => {
    t('countdown.days#one');
    countText(t, 'countdown.days', 'en-US', 2);
    // @ts-expect-error not a key of the catalogue
    t('countdown.weeks#one');
    // @ts-expect-error not a key of the catalogue
    countText(t, 'countdown.weeks', 'en-US', 2);
  });

  test('dynamic keys are typed: a template of known parts compiles only when every key it makes exists', () => {
    const unit = 'hours' as 'days' | 'hours';
    t(`countdown.${unit}`);
    const wrongUnit = 'weeks' as 'days' | 'weeks';
    // @ts-expect-error countdown.weeks is not in the catalogue
    t(`countdown.${wrongUnit}`);
    const anyString = 'days' as string;
    // @ts-expect-error a key built of any string is not known to exist
    t(`countdown.${anyString}`);
  });

  test("an answer's code from the server is looked up as the open family it is, and nothing else", () => {
    const code = 4010 as number;
    t(`errors.code${code}`);
    // @ts-expect-error a typo of the family
    t(`errors.coed${code}`);
    // @ts-expect-error not a number
    t('errors.codeX');
  });

  test('the screen texts take the screens the catalogue has texts for', () => {
    type Screen = Parameters<typeof useScreenText>[0];
    expectTypeOf<'login'>().toExtend<Screen>();
    expectTypeOf<'verifyEmail'>().toExtend<Screen>();
    expectTypeOf<Screen>().not.toEqualTypeOf<string>();
    // @ts-expect-error no screen 'logon' in the catalogue
    const misspelt: Screen = 'logon';
    void misspelt;
  });
});
