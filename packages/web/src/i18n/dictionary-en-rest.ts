import { mergeDictionary, type Dictionary } from './merge';

/** The rest of the English texts: see dictionary-it-rest.ts. */
export default mergeDictionary(
  {},
  import.meta.glob<Dictionary>(['./parts/*.en.json', '!./parts/accounts.en.json', '!./parts/errors.en.json', '!./parts/sso.en.json'], {
    eager: true,
    import: 'default',
  }),
);
