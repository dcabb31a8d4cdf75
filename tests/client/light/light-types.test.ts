/**
 * The light data layer's types (decision 224): client/src/light/ is typed from the router and from what
 * it serves, with no cast to react-query's or @trpc/tanstack-react-query's types, and the light pages are
 * type-checked against it (tsconfig.light.json, in `npm run typecheck`). So a page that starts using
 * something the light layer does not serve is a compile error. Each `@ts-expect-error` below is such a
 * use (each compiles against the app's libraries); if the light layer's types widened to accept it
 * without serving it, the directive would be unused and the type check would fail.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { type QueryResult, useQuery } from '#client/light/query.ts';
import type { createAppTrpcClient, LightTRPC } from '#client/light/trpc.ts';

// Never called: what matters is that this compiles (and, below, that it does not).
function useDrift(trpc: LightTRPC) {
  const product = useQuery(trpc.products.resolve.queryOptions({ code: 'abc123' }));
  expectTypeOf(product.data).toEqualTypeOf<
    Awaited<ReturnType<ReturnType<typeof createAppTrpcClient>['products']['resolve']['query']>> | undefined
  >();
  // @ts-expect-error react-query's result has isLoading; the light one does not
  product.isLoading;
  // @ts-expect-error a mutation's options are the app's only
  trpc.scanLogs.add.mutationOptions();
  // @ts-expect-error nor an infinite query
  trpc.products.list.infiniteQueryOptions({});
  // @ts-expect-error an option the light useQuery does not honour
  useQuery({ ...trpc.system.config.queryOptions(), select: (c: unknown) => c });
  // @ts-expect-error the procedure's input type holds
  trpc.products.resolve.queryOptions({ code: 1 });
}

describe('[client][light] the light data layer is typed, not cast', () => {
  it("answers with the types tRPC's own client gives the same procedure", () => {
    expect(typeof useDrift).toBe('function');
    type Resolved = Awaited<
      ReturnType<ReturnType<typeof createAppTrpcClient>['products']['resolve']['query']>
    >;
    expectTypeOf<Resolved>().toHaveProperty('qr_code_url');
    expectTypeOf(useQuery<Resolved>).returns.toEqualTypeOf<QueryResult<Resolved>>();
  });
});
