/**
 * Aggregation maths and disclosure control shared by the server (which releases statistics)
 * and the client (which reads the same shapes). See lattice.ts for the protection itself and
 * release.ts for the calls an endpoint makes.
 */
export * from './config';
export * from './guard';
export * from './percent';
export * from './release';
export * from './diversity';
export * from './filters';
export type { Dimension, DimensionValue } from './hierarchy';
