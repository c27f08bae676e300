import { certificateEndpoints } from '../../domain/contracts/certificates';
import type { ActionEntry, SectionEntry } from './entries';

/**
 * Certificates: the public check (the plain /certificate page; its args are the query
 * { code }) and the administrators' list, issue and revoke (organisation settings).
 */
export const certificateSections = {
  certificateVerification: { endpoint: certificateEndpoints.verify },
  certificates: { endpoint: certificateEndpoints.list },
} satisfies Record<string, SectionEntry>;

export const certificateActions = {
  issueCertificate: { endpoint: certificateEndpoints.issue, reloads: ['certificates'], done: 'Certificate issued.' },
  revokeCertificate: { endpoint: certificateEndpoints.revoke, reloads: ['certificates'], done: 'Certificate revoked.' },
} satisfies Record<string, ActionEntry>;
