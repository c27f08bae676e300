import { type StatisticsEndpoint, statisticsEndpoints } from '../../domain/contracts/statistics';

/** Every endpoint of a contract tree (objects of endpoints, nested). */
const endpointsOf = (node: unknown): StatisticsEndpoint[] =>
  node !== null && typeof node === 'object' && 'path' in node && 'method' in node
    ? [node as StatisticsEndpoint]
    : node !== null && typeof node === 'object'
      ? Object.values(node).flatMap(endpointsOf)
      : [];

/** Every GET statistics endpoint: what the dashboards (and an attacker reading them) can ask. */
export const STATISTICS_GETS = endpointsOf(statisticsEndpoints).filter((endpoint) => endpoint.method === 'GET');
