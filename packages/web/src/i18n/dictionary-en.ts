import en from './en.json';
import { mergeDictionary, type Dictionary } from './merge';

/** The English dictionary, a chunk of its own: a page downloads only the languages it shows (issue 14). */
export default mergeDictionary(en, import.meta.glob<Dictionary>('./parts/*.en.json', { eager: true, import: 'default' }));
