import { mergeDictionary, type Dictionary } from './merge';

/** The rest of the Italian texts (the shell, the areas): every part but those of dictionary-it.ts, a chunk loaded after sign-in. */
export default mergeDictionary(
  {},
  import.meta.glob<Dictionary>(['./parts/*.it.json', '!./parts/accounts.it.json', '!./parts/errors.it.json', '!./parts/sso.it.json'], {
    eager: true,
    import: 'default',
  }),
);
