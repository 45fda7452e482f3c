import it from './it.json';
import { mergeDictionary, type Dictionary } from './merge';

/** The Italian dictionary, a chunk of its own: a page downloads only the languages it shows (issue 14). */
export default mergeDictionary(it, import.meta.glob<Dictionary>('./parts/*.it.json', { eager: true, import: 'default' }));
