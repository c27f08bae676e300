import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import world from 'world-atlas/countries-110m.json';
import { ISO_NUMERIC } from './isoNumeric';
import type { CountryShape } from './WorldMap';

/** Outlines the topology draws without an ISO numeric code, by their name there. */
const UNNUMBERED: Readonly<Record<string, string>> = { Kosovo: 'XK' };

type Countries = GeometryCollection<{ name: string }>;

/**
 * The world's countries (Natural Earth 1:110m, from world-atlas), each keyed by its ISO 3166-1
 * numeric code; the few without one are keyed by their alpha-2 code. This module is only
 * reached through a dynamic import, so the topology stays out of the dashboard's first chunk.
 */
export const WORLD_SHAPES: readonly CountryShape[] = (() => {
  const topology = world as unknown as Topology<{ countries: Countries }>;
  const collection = feature(topology, topology.objects.countries);
  return collection.features.flatMap((shape) => {
    const id = shape.id !== undefined ? String(shape.id) : UNNUMBERED[shape.properties.name];
    return id === undefined ? [] : [{ ...shape, id }];
  });
})();

/** The shape id for an ISO alpha-2 code: its numeric code, or the code itself where the map keys it so. */
export const shapeIdOfAlpha2 = (alpha2: string): string | undefined =>
  ISO_NUMERIC[alpha2.toUpperCase()] ?? (Object.values(UNNUMBERED).includes(alpha2.toUpperCase()) ? alpha2.toUpperCase() : undefined);
