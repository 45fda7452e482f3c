import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const PDFJS_DIR = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));

/** Page 1 of a PDF rendered with pdf.js on a canvas (no browser viewer): its size, how much of it is ink, its text and the PNG. */
export async function renderFirstPage(pdf: Buffer, scale = 1.5) {
  const loaded = await getDocument({ data: new Uint8Array(pdf), standardFontDataUrl: `${PDFJS_DIR}/standard_fonts/`, verbosity: 0 }).promise;
  try {
    const page = await loaded.getPage(1);
    const viewport = page.getViewport({ scale });
    const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({ canvas: canvas as never, canvasContext: context as never, viewport }).promise;
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
    let ink = 0;
    for (let i = 0; i < pixels.length; i += 4) if (pixels[i]! < 128 && pixels[i + 1]! < 128 && pixels[i + 2]! < 128) ink += 1;
    const text = (await page.getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' ');
    return { pages: loaded.numPages, width: canvas.width, height: canvas.height, inkShare: ink / (canvas.width * canvas.height), text, png: await canvas.encode('png') };
  } finally {
    await loaded.destroy();
  }
}
