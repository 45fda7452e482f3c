/** The IBAN check lives in the model (ibantools), shared with the server's validation. */
export { isValidIban, normalizeIban } from '@circula/model';
