import type { ExportCard } from '../../../domain/contracts/exports';
import { Messages } from '../../../domain/contracts/envelope';
import type { SectionAnswer } from '../../../domain/exports/table';
import { type QueryParams, toSearchParams } from '../../../domain/filters/encoding';
import { ApiError } from '../../http/apiError';
import type { ReleasedReader } from '../statistics/releasedReader';

interface Envelope {
  readonly status?: number;
  readonly data?: unknown;
  readonly message?: string;
  readonly errors?: Record<string, string[]>;
}

/**
 * What the dashboard's own statistics endpoint answers this caller for one card, asked through
 * the application itself (a ReleasedReader) with the caller's token, language and filters. The
 * export therefore goes through the same authentication, group scope, selection budget and
 * disclosure control as the dashboard: it can only write figures the dashboard releases.
 * A refusal of the endpoint (401, 403, 422, 429) becomes the export's own answer.
 */
export const releasedSection = async (read: ReleasedReader, card: Pick<ExportCard, 'key'>, filters: QueryParams): Promise<SectionAnswer> => {
  const query = toSearchParams(filters);
  const response = await read(`/api/${card.key}${query === '' ? '' : `?${query}`}`);
  let body: Envelope;
  try {
    body = JSON.parse(response.body) as Envelope;
  } catch {
    throw new ApiError(502, Messages.unknownError);
  }
  if (response.statusCode !== 200) throw new ApiError(response.statusCode, body.message ?? Messages.unknownError, body.errors);
  if (body.status === 204) return { status: 204, message: body.message ?? '' };
  if (body.status === 200) return { status: 200, data: body.data };
  throw new ApiError(502, Messages.unknownError);
};
