import * as t from 'io-ts';
import { message } from '../kernel/message';

/** An administrator asks for a certificate's PDF; the effect downloads it. */
export const certificateCommands = {
  downloadPdf: message('certificate/downloadPdf', { id: t.string }),
};
export const CertificateCommand = certificateCommands.downloadPdf;
export type CertificateCommand = t.TypeOf<typeof CertificateCommand>;

export const certificateEvents = {
  pdfRequested: message('certificate/pdfRequested', { id: t.string }),
  pdfDownloaded: message('certificate/pdfDownloaded', { id: t.string, fileName: t.string }),
  /** A failure is also shown by the API client's own notification (the call is not silent). */
  pdfFailed: message('certificate/pdfFailed', { id: t.string, message: t.string }),
};
export const CertificateEvent = t.union([certificateEvents.pdfRequested, certificateEvents.pdfDownloaded, certificateEvents.pdfFailed]);
export type CertificateEvent = t.TypeOf<typeof CertificateEvent>;
