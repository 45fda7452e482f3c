import { http } from '../api/client';
import { ApiError } from '../api/errors';
import { notifyDanger, notifyError } from '../app/notifications';
import { i18n } from '../i18n';

/**
 * Opens a file of the API that needs the bearer token (a document, a receipt, a FIR) in a new
 * window: the window is opened at the click (so no popup blocker stops it), then pointed at a blob
 * URL of the downloaded file. On failure the window closes and `failed` reports the error.
 */
export async function openInWindow(url: string, failed: (error: unknown) => void): Promise<void> {
  const opened = window.open('', '_blank');
  try {
    const blob = await http.blob(url, { silent: true });
    const objectUrl = URL.createObjectURL(blob);
    if (opened) opened.location.href = objectUrl;
    else window.location.assign(objectUrl);
    setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
  } catch (error) {
    opened?.close();
    failed(error);
  }
}

/** Opens a PDF the server draws (a receipt, a FIR); a failure the server explains is shown, any other says `failedKey`. */
export const openPdf = (url: string, failedKey: string): Promise<void> =>
  openInWindow(url, (error) => {
    if (error instanceof ApiError && error.status !== 0 && error.status !== 404) notifyError(error);
    else notifyDanger(i18n.t(failedKey));
  });
