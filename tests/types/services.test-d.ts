import { describe, expectTypeOf, test } from 'vitest';
import type { AppServices, Navigate } from '../../runtime/site.tsx';

/**
 * The app services are fixed once made (runtime/services.ts): the app shell routes `go` through
 * `routeWith`, navigations note what they prepared through `prepare`; no module assigns a field
 * another reads.
 */
declare const app: AppServices;

describe('the app services', () => {
  test('cannot be rewired by assignment', () => {
    expectTypeOf(app.go).toEqualTypeOf<Navigate>();
    expectTypeOf(app.routeWith).parameter(0).toEqualTypeOf<Navigate>();
    expectTypeOf(app.takePrepared).returns.toEqualTypeOf<string | undefined>();
    // @ts-expect-error go is readonly: the app shell routes with routeWith
    app.go = () => undefined;
    // @ts-expect-error there is no prepared field to write: prepare() notes the location
    app.prepared = '/us';
  });
});
