/**
 * The two ways a serialized code's opens are counted (decision 230): each open its own transaction
 * (SERIAL_FLUSH_MS=0, the tests' default) and kept item states with their opens buffered, as the server
 * runs. The buffer's window is long here, so that what the tests see is the kept state, and the database
 * has the opens only once a read that flushes (the dashboard's), a write-through or an explicit flush wrote them.
 */
export const COUNTING_MODES = [
  { name: 'each open written at once', env: {} as Record<string, string> },
  { name: 'kept items, opens buffered', env: { SERIAL_FLUSH_MS: '1000' } as Record<string, string> },
];
