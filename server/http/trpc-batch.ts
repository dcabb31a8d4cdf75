/**
 * tRPC's wire shape, where the app writes it itself (the public routes answer the app's own
 * `products.resolve` without running tRPC, server/http/public-routes.ts): the input of a GET batch of
 * exactly one call, as the app's batch link sends it (`?batch=1&input={"0":...}`), or undefined for
 * any other request (which tRPC then answers, with its own errors).
 */
export function singleBatchCall(batch: string | undefined, input: string | undefined): unknown {
  if (batch !== '1' || input === undefined) return undefined;
  try {
    const calls = JSON.parse(input) as Record<string, unknown>;
    return calls && typeof calls === 'object' && Object.keys(calls).length === 1 ? calls['0'] : undefined;
  } catch {
    return undefined;
  }
}

const RESULT_BEFORE = Buffer.from('[{"result":{"data":');
const RESULT_AFTER = Buffer.from('}}]');

/** The answer to that batch of one call, around its data already encoded as JSON, as tRPC writes it. */
export function singleBatchResult(data: Uint8Array): Buffer {
  return Buffer.concat([RESULT_BEFORE, data, RESULT_AFTER]);
}
