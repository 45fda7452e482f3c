import { renderPage } from '../../packages/server/test/support/pdf-render.js';

/** Page 1 of a PDF rendered with pdf.js on a canvas (no browser viewer): its size, how much of it is ink (dark pixels), its text and the PNG. */
export async function renderFirstPage(pdf: Buffer, scale = 1.5) {
  const page = await renderPage(pdf, scale);
  const { pixels } = page;
  let ink = 0;
  for (let i = 0; i < pixels.length; i += 4) if (pixels[i]! < 128 && pixels[i + 1]! < 128 && pixels[i + 2]! < 128) ink += 1;
  return { ...page, inkShare: ink / (page.width * page.height) };
}
