import { printable } from '../invoices/pdf.js';
import type { PrintFrame } from './templates.js';

/**
 * Draws a print template's header (in the top margin) and footer (in the bottom margin) on the
 * current page of a PDF, in small grey Helvetica, each line cut with an ellipsis to the width
 * between the document's side margins. The page's own margins, position and graphics state are
 * left as they were, so a layout calls it on each page as it goes.
 */
export function drawPageFrame(doc: PDFKit.PDFDocument, frame: PrintFrame | null | undefined, sideMargin: number): void {
  if (!frame || (frame.header.length === 0 && !frame.footer)) return;
  const { x, y } = doc;
  const margins = doc.page.margins;
  // text below a page's bottom margin would start a new page
  doc.page.margins = { top: 0, bottom: 0, left: 0, right: 0 };
  doc.save();
  const width = doc.page.width - 2 * sideMargin;
  const line = (text: string, top: number, size: number) => {
    doc.font('Helvetica').fontSize(size).fillColor('#4a4a4a');
    let value = printable(text).replace(/\s+/g, ' ').trim();
    if (doc.widthOfString(value) > width) {
      while (value.length > 1 && doc.widthOfString(`${value}…`) > width) value = value.slice(0, -1);
      value = `${value.trimEnd()}…`;
    }
    doc.text(value, sideMargin, top, { lineBreak: false });
  };
  frame.header.forEach((text, i) => line(text, 7 + i * 8.5, 7));
  if (frame.footer) line(frame.footer, doc.page.height - 12, 6.5);
  doc.restore();
  doc.page.margins = margins;
  doc.x = x;
  doc.y = y;
}

/** Names the template and version a PDF was printed with, in its keywords ("Modello di stampa PRT-000001 v3"). */
export function stampPrintTemplate(doc: PDFKit.PDFDocument, frame: PrintFrame | null | undefined): void {
  if (frame) doc.info.Keywords = `Modello di stampa ${frame.stamp}`;
}
