import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const PDFJS_DIR = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));

export interface RenderedPage {
  /** The document's page count. */
  pages: number;
  width: number;
  height: number;
  /** RGBA, row by row. */
  pixels: Uint8ClampedArray;
  /** The page's text items joined by spaces. */
  text: string;
  png: Buffer;
}

/**
 * The first page of a PDF rendered with pdf.js on a napi-rs canvas (no browser), on white, at
 * `scale` pixels per point (an A4 page at 2 is 1191 × 1684). The standard fonts come with pdfjs-dist.
 */
export async function renderPage(pdf: Buffer, scale = 2): Promise<RenderedPage> {
  const loaded = await getDocument({ data: new Uint8Array(pdf), standardFontDataUrl: `${PDFJS_DIR}/standard_fonts/`, verbosity: 0 }).promise;
  try {
    const page = await loaded.getPage(1);
    const viewport = page.getViewport({ scale });
    const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    // pdf.js types its canvas as the DOM's; the napi-rs canvas implements the same 2D API
    await page.render({ canvas: canvas as never, canvasContext: context as never, viewport }).promise;
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
    const text = (await page.getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' ');
    return { pages: loaded.numPages, width: canvas.width, height: canvas.height, pixels, text, png: await canvas.encode('png') };
  } finally {
    await loaded.destroy();
  }
}

/** The first page as a PNG. */
export const renderFirstPage = async (pdf: Buffer, scale = 2): Promise<Buffer> => (await renderPage(pdf, scale)).png;
