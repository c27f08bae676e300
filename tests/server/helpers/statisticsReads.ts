import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { toSearchParams } from '../../../domain/filters/encoding';
import { get } from './accounts';
import * as topics from '../../../server/services/statistics/topics';

/** Every topic the statistics count (what a cache test compares, one by one). */
export const ALL_TOPICS = Object.values(topics).filter((value): value is topics.Topic => typeof value === 'object' && value !== null && 'build' in value && 'name' in value);

export { STATISTICS_GETS } from '../../support/statisticsEndpoints';

/** A statistics endpoint's body as sent (HTTP 200 expected, a 204 sentence included), under the filters. */
export const readStatistic = async (app: FastifyInstance, token: string, path: string, filters: Record<string, unknown>): Promise<string> => {
  const query = toSearchParams(filters as never);
  const response = await get(app, `/api${path}${query === '' ? '' : `?${query}`}`, { token });
  expect(response.statusCode, `${path}?${query}: ${response.body}`).toBe(200);
  return response.body;
};
