import { certificateEndpoints } from '../../domain/contracts/certificates';
import type { SectionEntry } from './entries';

/** The public certificate check (the plain /certificate page); its args are the query: { code }. */
export const certificateSections = {
  certificateVerification: { endpoint: certificateEndpoints.verify },
} satisfies Record<string, SectionEntry>;
