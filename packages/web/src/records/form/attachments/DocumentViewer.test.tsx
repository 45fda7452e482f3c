import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/AppProviders';
import { initI18n } from '../../../i18n';
import { DocumentViewer } from './DocumentViewer';

const PDF = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x34]);

/** The download's answers in order; a pending promise keeps the viewer loading. */
function stubDownloads(...answers: (() => Promise<Response>)[]) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      urls.push(String(input));
      const next = answers.shift();
      if (!next) throw new Error(`unexpected call ${String(input)}`);
      return next();
    }),
  );
  return urls;
}

const pdf = () => Promise.resolve(new Response(PDF, { status: 200, headers: { 'Content-Type': 'application/pdf' } }));
const png = () => Promise.resolve(new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), { status: 200, headers: { 'Content-Type': 'image/png' } }));
const failure = () => Promise.resolve(new Response(JSON.stringify({ errorCode: 'INTERNAL_ERROR', errorMessage: 'INTERNAL_ERROR' }), { status: 500, headers: { 'Content-Type': 'application/json' } }));

const renderViewer = (props: Parameters<typeof DocumentViewer>[0]) =>
  render(
    <AppProviders>
      <DocumentViewer {...props} />
    </AppProviders>,
  );

describe('document viewer', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await initI18n('it');
  });
  beforeEach(() => {
    let n = 0;
    // jsdom has no object URLs
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => `blob:viewer-${(n += 1)}`), revokeObjectURL: vi.fn() }));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('says so when no document is given, and calls nothing', () => {
    const urls = stubDownloads();
    renderViewer({ documentId: null });
    expect(screen.getByTestId('document-viewer-no-id').textContent).toBe('Nessun documento specificato');
    expect(urls).toEqual([]);
  });

  it('shows the loading text, then the PDF with the default title, header buttons and height', async () => {
    let release: (r: Response) => void = () => undefined;
    const urls = stubDownloads(() => new Promise<Response>((resolve) => (release = resolve)));
    renderViewer({ documentId: 7 });
    expect((await screen.findByTestId('document-viewer-loading')).textContent).toContain('Caricamento PDF in corso...');
    expect(screen.getByTestId('document-viewer-title').textContent).toBe('Documento PDF');
    expect(screen.getByTestId('document-viewer-open').textContent).toContain('Apri in una nuova finestra');
    expect(screen.getByTestId('document-viewer-refresh').textContent).toContain('Aggiorna');
    expect(screen.getByTestId('document-viewer').style.height).toBe('600px');
    expect(urls[0]).toMatch(/\/api\/resources\/document\/7\?t=/);

    release(await pdf());
    const frame = (await screen.findByTestId('document-viewer-pdf')) as HTMLIFrameElement;
    expect(frame.getAttribute('src')).toBe('blob:viewer-1');
    expect(screen.queryByTestId('document-viewer-loading')).toBeNull();
  });

  it('shows the error box on a failed download, and retry loads the document again', async () => {
    const urls = stubDownloads(failure, png);
    renderViewer({ documentId: 9, title: 'Planimetria', height: 400 });
    const error = await screen.findByTestId('document-viewer-error');
    expect(error.textContent).toContain('Errore durante il caricamento del documento');
    expect(screen.getByTestId('document-viewer').style.height).toBe('400px');
    expect(screen.getByTestId('document-viewer-retry').textContent).toBe('Riprova');
    fireEvent.click(screen.getByTestId('document-viewer-retry'));
    const image = (await screen.findByTestId('document-viewer-image')) as HTMLImageElement;
    expect(image.getAttribute('alt')).toBe('Planimetria');
    expect(screen.queryByTestId('document-viewer-error')).toBeNull();
    expect(urls).toHaveLength(2);
  });

  it('refresh fetches the document again; the header can be hidden', async () => {
    const urls = stubDownloads(pdf, pdf);
    renderViewer({ documentId: 3 });
    await screen.findByTestId('document-viewer-pdf');
    fireEvent.click(screen.getByTestId('document-viewer-refresh'));
    await screen.findByTestId('document-viewer-loading');
    expect(((await screen.findByTestId('document-viewer-pdf')) as HTMLIFrameElement).getAttribute('src')).toBe('blob:viewer-2');
    expect(urls).toHaveLength(2);
    // each call carries a new anti-cache parameter
    expect(new URL(urls[0]!, 'http://x').searchParams.get('t')).not.toBe(new URL(urls[1]!, 'http://x').searchParams.get('t'));
  });

  it('without a header shows only the document', async () => {
    stubDownloads(pdf);
    renderViewer({ documentId: 4, showHeader: false });
    await screen.findByTestId('document-viewer-pdf');
    expect(screen.queryByTestId('document-viewer-title')).toBeNull();
    expect(screen.queryByTestId('document-viewer-refresh')).toBeNull();
  });
});
