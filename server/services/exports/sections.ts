import type { ExportCard } from '../../../domain/contracts/exports';
import type { SectionAnswer } from '../../../domain/exports/table';
import type { QueryParams } from '../../../domain/filters/encoding';
import type { CallerStatistics } from '../statistics/released';

/**
 * What the dashboard's own statistics endpoint releases this caller for one card, asked in the
 * process through the one door (statistics/released.ts) with the caller's scope, language and
 * filters: the same allowance and disclosure control as the dashboard, so a file holds only
 * figures the dashboard releases. A refusal (a bad filter, a group not theirs) is thrown as the
 * export's own answer.
 */
export const releasedSection = async (statistics: CallerStatistics, card: Pick<ExportCard, 'key'>, filters: QueryParams): Promise<SectionAnswer> => {
  const release = await statistics.sectionAt(card.key, filters);
  return release.status === 200 ? { status: 200, data: release.data } : { status: 204, message: release.message };
};
