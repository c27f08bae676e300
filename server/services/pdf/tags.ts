import { PDFArray, PDFHexString, PDFName, PDFNumber, PDFOperator, PDFOperatorNames, type PDFDocument, type PDFPage, type PDFRef, endMarkedContent } from 'pdf-lib';

/**
 * A tagged PDF's logical structure (ISO 32000-1, 14.7 and 14.8), built while the pages are drawn:
 * every piece of content is drawn inside a marked-content sequence whose MCID ties it to its
 * structure element (Document, H1-H3, P, Figure, Table, TR, TH, TD), so a screen reader reads the
 * report in order and the appendix's figures as tables. Page furniture is marked as an artifact.
 */

export type StructureRole = 'Document' | 'H1' | 'H2' | 'H3' | 'P' | 'L' | 'LI' | 'LBody' | 'Figure' | 'Table' | 'TR' | 'TH' | 'TD';

export interface StructureOptions {
  /** The text as read, in logical order (drawn right-to-left text is in display order in the page). */
  readonly actualText?: string;
  /** A figure's description. */
  readonly alt?: string;
  /** A header cell's scope. */
  readonly scope?: 'Column' | 'Row';
}

export interface StructureElement {
  readonly ref: PDFRef;
  readonly role: StructureRole;
  readonly parent: StructureElement | undefined;
  readonly options: StructureOptions;
  /** Child elements and marked-content references, in reading order. */
  readonly kids: (StructureElement | { readonly page: PDFPage; readonly mcid: number })[];
  page?: PDFPage;
}

export class StructureTree {
  readonly root: StructureElement;
  private readonly pages = new Map<PDFPage, { readonly index: number; readonly owners: StructureElement[] }>();

  constructor(private readonly pdf: PDFDocument) {
    this.root = { ref: pdf.context.nextRef(), role: 'Document', parent: undefined, options: {}, kids: [] };
  }

  element(parent: StructureElement, role: StructureRole, options: StructureOptions = {}): StructureElement {
    const element: StructureElement = { ref: this.pdf.context.nextRef(), role, parent, options, kids: [] };
    parent.kids.push(element);
    return element;
  }

  private pageEntry(page: PDFPage) {
    let entry = this.pages.get(page);
    if (entry === undefined) {
      entry = { index: this.pages.size, owners: [] };
      this.pages.set(page, entry);
      page.node.set(PDFName.of('StructParents'), PDFNumber.of(entry.index));
    }
    return entry;
  }

  /** Draws `draw`'s content on `page` as the next marked-content sequence of `element`. */
  mark(page: PDFPage, element: StructureElement, draw: () => void): void {
    const entry = this.pageEntry(page);
    const mcid = entry.owners.length;
    entry.owners.push(element);
    element.page ??= page;
    element.kids.push({ page, mcid });
    page.pushOperators(PDFOperator.of(PDFOperatorNames.BeginMarkedContentSequence, [PDFName.of(element.role), `<< /MCID ${mcid} >>`]));
    draw();
    page.pushOperators(endMarkedContent());
  }

  /** Draws content that is not part of the text read (page numbers, separators). */
  artifact(page: PDFPage, draw: () => void): void {
    page.pushOperators(PDFOperator.of(PDFOperatorNames.BeginMarkedContent, [PDFName.of('Artifact')]));
    draw();
    page.pushOperators(endMarkedContent());
  }

  /** Writes the tree, the parent tree and the catalogue's entry that says the document is tagged. */
  finish(): void {
    const { context, catalog } = this.pdf;
    const write = (element: StructureElement): void => {
      const kids = PDFArray.withContext(context);
      for (const kid of element.kids) {
        if ('ref' in kid) {
          write(kid);
          kids.push(kid.ref);
        } else if (kid.page === element.page) kids.push(PDFNumber.of(kid.mcid));
        else kids.push(context.obj({ Type: 'MCR', Pg: kid.page.ref, MCID: kid.mcid }));
      }
      const dict = context.obj({ Type: 'StructElem', S: element.role, P: element.parent?.ref ?? structTreeRoot, K: kids });
      if (element.page !== undefined) dict.set(PDFName.of('Pg'), element.page.ref);
      if (element.options.actualText !== undefined) dict.set(PDFName.of('ActualText'), PDFHexString.fromText(element.options.actualText));
      if (element.options.alt !== undefined) dict.set(PDFName.of('Alt'), PDFHexString.fromText(element.options.alt));
      if (element.options.scope !== undefined) dict.set(PDFName.of('A'), context.obj({ O: 'Table', Scope: element.options.scope }));
      context.assign(element.ref, dict);
    };
    const structTreeRoot = context.nextRef();
    write(this.root);
    const nums = PDFArray.withContext(context);
    for (const { index, owners } of this.pages.values()) {
      nums.push(PDFNumber.of(index));
      nums.push(context.obj(owners.map((owner) => owner.ref)));
    }
    context.assign(
      structTreeRoot,
      context.obj({ Type: 'StructTreeRoot', K: this.root.ref, ParentTree: context.register(context.obj({ Nums: nums })), ParentTreeNextKey: this.pages.size }),
    );
    catalog.set(PDFName.of('StructTreeRoot'), structTreeRoot);
    catalog.set(PDFName.of('MarkInfo'), context.obj({ Marked: true }));
  }
}
