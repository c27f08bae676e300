import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AnyEndpoint } from '../../../domain/contracts/endpoint';

/** "METHOD path", the way the endpoint lists of the server tests name an endpoint. */
export const endpointKey = (endpoint: AnyEndpoint): string => `${endpoint.method} ${endpoint.path.replace(/^\/+/, '')}`;

const isEndpoint = (value: unknown): value is AnyEndpoint =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as AnyEndpoint).method === 'string' &&
  typeof (value as AnyEndpoint).path === 'string' &&
  typeof (value as AnyEndpoint).query?.decode === 'function' &&
  typeof (value as AnyEndpoint).body?.decode === 'function';

const collectEndpoints = (value: unknown, into: Map<string, AnyEndpoint>): void => {
  if (isEndpoint(value)) {
    into.set(endpointKey(value), value);
    return;
  }
  // Endpoints may be grouped in plain objects (the statistics are); codecs are class instances.
  if (typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype) {
    for (const child of Object.values(value)) collectEndpoints(child, into);
  }
};

/** Every endpoint exported by a file of domain/contracts, by "METHOD path". */
export const contractEndpoints = async (): Promise<Map<string, AnyEndpoint>> => {
  const directory = fileURLToPath(new URL('../../../domain/contracts', import.meta.url));
  const endpoints = new Map<string, AnyEndpoint>();
  for (const file of readdirSync(directory).filter((name) => name.endsWith('.ts')).sort()) {
    for (const value of Object.values((await import(join(directory, file))) as Record<string, unknown>)) collectEndpoints(value, endpoints);
  }
  return endpoints;
};
