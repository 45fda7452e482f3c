import accounts from './parts/accounts.it.json';
import errors from './parts/errors.it.json';
import sso from './parts/sso.it.json';
import it from './it.json';
import { mergeDictionary, type Dictionary } from './merge';

/**
 * The Italian texts of the sign-in page and the public pages (the main file, the form errors, sign-in
 * with a provider, accounts): a chunk of its own, the only one the sign-in page downloads (issue 14).
 * The shell's and the areas' texts are `dictionary-it-rest.ts`, loaded after sign-in.
 */
export default mergeDictionary(it, { accounts, errors, sso } as Record<string, Dictionary>);
