/**
 * Paths more than one adapter names: where the API is mounted (app.ts, every REST table's paths under it),
 * and the serial verdict's, which the REST table declares and the dispatcher in front of the app answers
 * too (http/serial-dispatch.ts, decision 230). Adapters do not import each other, so these live here.
 */
export const API_PREFIX = '/api';

/** GET /api/serials/{serial}: a serialized code's verdict JSON (issue 32). */
export const SERIAL_VERDICT_PATH = '/serials/:serial';
