import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import QRCode from 'qrcode';
import type { IssuedCertificate } from '../../../domain/contracts/certificates';
import { MAX_ADJUSTMENT } from '../../../domain/stats';

const A4 = [595.28, 841.89] as const;
const INK = rgb(0.1, 0.1, 0.18);
const MUTED = rgb(0.31, 0.33, 0.4);
const ACCENT = rgb(0.29, 0.16, 0.62);

/** Standard PDF fonts only encode WinAnsi: a character they cannot draw becomes '?'. */
const winAnsi = (text: string): string => text.replace(/[^\u0020-\u007e\u00a0-\u00ff]/g, '?');

/** Splits a long text into lines of at most `width` characters (the code has no spaces). */
const chunks = (text: string, width: number): string[] => text.match(new RegExp(`.{1,${width}}`, 'g')) ?? [];

/**
 * The certificate as an A4 PDF: the organisation, the released figures it certifies, the date,
 * the verification code in full and a QR code of the public verification page's link.
 */
export const certificatePdf = async (issued: IssuedCertificate, verifyUrl: string): Promise<Uint8Array> => {
  const { certificate, code } = issued;
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Certificate: ${winAnsi(certificate.organization)}`);
  pdf.setSubject('Diversity Atlas certificate');
  pdf.setCreationDate(new Date(certificate.issuedAt));
  const page = pdf.addPage([...A4]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const mono = await pdf.embedFont(StandardFonts.Courier);
  const [width, height] = A4;

  page.drawRectangle({ x: 28, y: 28, width: width - 56, height: height - 56, borderColor: ACCENT, borderWidth: 3 });
  const centred = (text: string, y: number, size: number, font = regular, color = INK) => {
    const safe = winAnsi(text);
    page.drawText(safe, { x: (width - font.widthOfTextAtSize(safe, size)) / 2, y, size, font, color });
  };
  centred('Diversity Atlas', height - 110, 16, bold, ACCENT);
  centred('Certificate of participation', height - 160, 30, bold);
  centred('awarded to', height - 200, 14, regular, MUTED);
  centred(certificate.organization, height - 245, 24, bold);
  centred(`${certificate.respondents.toLocaleString('en-AU')} people answered the diversity survey,`, height - 300, 14);
  centred(`${certificate.participation.toFixed(1)}% of ${certificate.seats.toLocaleString('en-AU')} seats.`, height - 320, 14);
  centred(`Issued on ${certificate.issuedAt.slice(0, 10)}.`, height - 350, 14);
  centred(`Figures are adjusted by up to ${MAX_ADJUSTMENT} people either way to protect people.`, height - 380, 10, regular, MUTED);

  const qr = QRCode.create(verifyUrl, { errorCorrectionLevel: 'M' });
  const modules = qr.modules.size;
  const side = 150;
  const cell = side / modules;
  const left = (width - side) / 2;
  const top = height - 420;
  for (let row = 0; row < modules; row += 1) {
    for (let column = 0; column < modules; column += 1) {
      if (qr.modules.get(row, column)) page.drawRectangle({ x: left + column * cell, y: top - (row + 1) * cell, width: cell, height: cell, color: INK });
    }
  }
  centred('Scan to verify, or check the code below at', top - side - 25, 10, regular, MUTED);
  centred(verifyUrl.split('?')[0]!, top - side - 40, 10, regular, MUTED);
  centred('Verification code', top - side - 70, 11, bold);
  chunks(code, 64).forEach((line, index) => centred(line, top - side - 88 - index * 12, 9, mono));
  return pdf.save();
};
