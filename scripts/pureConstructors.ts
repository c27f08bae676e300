/**
 * Calls that only build a value: io-ts codecs (`t.type(...)`, `t.union(...)`), and the contracts'
 * own builders of endpoints and messages. Marked pure (rolldown's `treeshake.manualPureFunctions`),
 * a codec nothing uses is left out of the bundle like an unused function, instead of being kept
 * because its module was imported. Shared by both client builds (vite.config.ts and
 * vite.participant.config.ts).
 */
export const PURE_CONSTRUCTORS = ['t', 'endpoint', 'message', 'stat'];
