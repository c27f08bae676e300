import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import QRCode from 'qrcode';
import type { IssuedCertificate } from '../../../domain/contracts/certificates';
import { productLanguage } from '../../../domain/i18n/languages';
import { numberFormats } from '../../../domain/i18n/numbers';
import { MAX_ADJUSTMENT } from '../../../domain/stats';
import { translator } from '../exports/words';
import { type Script, embedReportFonts, writeReportFonts } from '../pdf/fonts';
import { drawLine, layOutLine, paragraphDirection, scriptsOf } from '../pdf/shaping';
import { type StructureRole, StructureTree } from '../pdf/tags';

const A4 = [595.28, 841.89] as const;
const INK = rgb(0.1, 0.1, 0.18);
const MUTED = rgb(0.31, 0.33, 0.4);
const ACCENT = rgb(0.29, 0.16, 0.62);
/** The room a centred line has inside the border. */
const LINE_WIDTH = A4[0] - 120;
/** The smallest size a long name is shrunk to before it runs past the border. */
const MIN_SIZE = 10;

/** Splits a long text into lines of at most `width` characters (the code has no spaces). */
const chunks = (text: string, width: number): string[] => text.match(new RegExp(`.{1,${width}}`, 'g')) ?? [];

/** The certificate's language: the one the route chose (docs/languages.md), English otherwise. */
const certificateLanguage = (locale: string | null | undefined) => productLanguage(locale ?? 'en');

/**
 * The certificate as a tagged A4 PDF: the organisation, the released figures it certifies, the
 * date, the verification code in full and a QR code of the public verification page's link.
 * The wording is in `locale` (the downloading administrator's language) and every name is drawn in
 * the report's Noto fonts, shaped and ordered, so an organisation named in Arabic or Chinese
 * prints as it is written.
 */
export const certificatePdf = async (issued: IssuedCertificate, verifyUrl: string, locale?: string | null): Promise<Uint8Array> => {
  const { certificate, code } = issued;
  const language = certificateLanguage(locale);
  const t = translator(language.code);
  const numbers = numberFormats(language.code);
  const words = {
    heading: t('certificate_pdf_heading'),
    awardedTo: t('certificate_pdf_awarded_to'),
    answered: t('certificate_pdf_answered', { people: numbers.count(certificate.respondents) }),
    share: t('certificate_pdf_share', { percent: numbers.percent(certificate.participation), seats: numbers.count(certificate.seats) }),
    issued: t('certificate_pdf_issued', { date: certificate.issuedAt.slice(0, 10) }),
    adjusted: t('certificate_pdf_adjusted', { d: MAX_ADJUSTMENT }),
    scan: t('certificate_pdf_scan'),
    codeLabel: t('certificate_code'),
    qrAlt: t('certificate_pdf_qr_alt'),
  };
  const verifyPage = verifyUrl.split('?')[0]!;

  const pdf = await PDFDocument.create();
  pdf.setTitle(t('certificate_pdf_document_title', { organisation: certificate.organization }), { showInWindowTitleBar: true });
  pdf.setSubject(t('certificate_pdf_subject'));
  pdf.setLanguage(language.lang);
  pdf.setCreationDate(new Date(certificate.issuedAt));
  const everything = [certificate.organization, ...Object.values(words), verifyPage].join('\n');
  const fonts = await embedReportFonts(pdf, new Set<Script>(scriptsOf(everything)));
  // The code is base64url: plain ASCII, set in a monospaced face so its characters line up.
  const mono = await pdf.embedFont(StandardFonts.Courier);
  const page = pdf.addPage([...A4]);
  const tree = new StructureTree(pdf);
  const [width, height] = A4;

  tree.artifact(page, () => page.drawRectangle({ x: 28, y: 28, width: width - 56, height: height - 56, borderColor: ACCENT, borderWidth: 3 }));
  const centred = (role: StructureRole, text: string, y: number, size: number, { bold = false, color = INK } = {}) => {
    const laid = layOutLine(text, bold ? fonts.bold : fonts.regular, paragraphDirection(text, language.dir));
    // A name too long for the line is set smaller rather than cut.
    const fitted = Math.max(MIN_SIZE, Math.min(size, LINE_WIDTH / Math.max(laid.width, 1e-6)));
    const element = tree.element(tree.root, role, { actualText: text });
    tree.mark(page, element, () => drawLine(page, laid, (width - laid.width * fitted) / 2, y, fitted, color));
  };
  centred('P', 'Commonweave', height - 110, 16, { bold: true, color: ACCENT });
  centred('H1', words.heading, height - 160, 30, { bold: true });
  centred('P', words.awardedTo, height - 200, 14, { color: MUTED });
  centred('H2', certificate.organization, height - 245, 24, { bold: true });
  centred('P', words.answered, height - 300, 14);
  centred('P', words.share, height - 320, 14);
  centred('P', words.issued, height - 350, 14);
  centred('P', words.adjusted, height - 380, 10, { color: MUTED });

  const qr = QRCode.create(verifyUrl, { errorCorrectionLevel: 'M' });
  const modules = qr.modules.size;
  const side = 150;
  const cell = side / modules;
  const left = (width - side) / 2;
  const top = height - 420;
  tree.mark(page, tree.element(tree.root, 'Figure', { alt: words.qrAlt }), () => {
    for (let row = 0; row < modules; row += 1) {
      for (let column = 0; column < modules; column += 1) {
        if (qr.modules.get(row, column)) page.drawRectangle({ x: left + column * cell, y: top - (row + 1) * cell, width: cell, height: cell, color: INK });
      }
    }
  });
  centred('P', words.scan, top - side - 25, 10, { color: MUTED });
  centred('P', verifyPage, top - side - 40, 10, { color: MUTED });
  centred('H2', words.codeLabel, top - side - 70, 11, { bold: true });
  const codeElement = tree.element(tree.root, 'P', { actualText: code });
  chunks(code, 64).forEach((line, index) => {
    const y = top - side - 88 - index * 12;
    tree.mark(page, codeElement, () => page.drawText(line, { x: (width - mono.widthOfTextAtSize(line, 9)) / 2, y, size: 9, font: mono, color: INK }));
  });
  tree.finish();
  await writeReportFonts(pdf, fonts);
  return pdf.save();
};
