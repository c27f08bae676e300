import { certificateEndpoints } from '../../contracts/certificates';
import type { SectionEntry } from './entry';

/** Certificates: the public check (the plain /certificate page; its args are the query { code }) and the administrators' list. */
export const certificateSections = {
  certificateVerification: { endpoint: certificateEndpoints.verify },
  certificates: { endpoint: certificateEndpoints.list },
} satisfies Record<string, SectionEntry>;
