/**
 * Aggregation maths and disclosure control shared by the server (which releases statistics)
 * and the client (which reads the same shapes). cellkey.ts holds the perturbation (the cell key
 * method and its p-table), release.ts the calls an endpoint makes.
 */
export * from './config';
export * from './guard';
export * from './percent';
export * from './cellkey';
export * from './release';
export * from './diversity';
export * from './filters';
export * from './bands';
export type { Dimension, DimensionValue } from './hierarchy';
export * from './blocks';
