import { CATALOGUE } from '@circula/model';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setup, renderApp, stubApi } from '../../test/harness';
import { DocumentInput } from './DocumentInput';

const TARGET = CATALOGUE.target('privacy-definitions')!;

describe('DocumentInput', () => {
  beforeEach(() => setup('it'));
  afterEach(() => vi.unstubAllGlobals());

  it('uploads the chosen file with no owner and sets the stored document id', async () => {
    const { fetchMock } = stubApi({ '/api/resources/document': () => ({ id: 41, fileName: 'contratto.pdf' }) });
    const onChange = vi.fn();
    renderApp(<DocumentInput field={{ type: 'document' }} name="document" target={TARGET} mode="update" value={null} onChange={onChange} />);
    expect(screen.getByText('Nessun documento')).toBeTruthy();
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['%PDF-1.4'], 'contratto.pdf', { type: 'application/pdf' })] } });
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(41));
    const [url, init] = fetchMock.mock.calls[0]! as unknown as [string, RequestInit];
    expect(String(url)).toContain('/api/resources/document');
    expect(init.method).toBe('POST');
    const form = init.body as FormData;
    expect((form.get('file') as File).name).toBe('contratto.pdf');
    expect(form.has('ownerEntity')).toBe(false);
  });

  it('offers to replace or unlink a linked document, and neither when disabled', async () => {
    stubApi({});
    const onChange = vi.fn();
    const { unmount } = renderApp(<DocumentInput field={{ type: 'document' }} name="document" target={TARGET} mode="update" value={7} onChange={onChange} />);
    expect(screen.getByTestId('document-input-upload').textContent).toBe('Sostituisci il file');
    fireEvent.click(screen.getByRole('button', { name: 'Scollega il documento' }));
    expect(onChange).toHaveBeenCalledWith(null);
    unmount();
    renderApp(<DocumentInput field={{ type: 'document' }} name="document" target={TARGET} mode="update" value={7} onChange={onChange} disabled />);
    expect(screen.queryByTestId('document-input-upload')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Scollega il documento' })).toBeNull();
  });
});
