import accounts from './parts/accounts.en.json';
import errors from './parts/errors.en.json';
import sso from './parts/sso.en.json';
import en from './en.json';
import { mergeDictionary, type Dictionary } from './merge';

/** The English texts of the sign-in page and the public pages: see dictionary-it.ts. */
export default mergeDictionary(en, { accounts, errors, sso } as Record<string, Dictionary>);
