import { createCatalogue } from '../define/catalogue.js';
import type { EntityDefinition, ViewDefinition } from '../define/entity.js';
import { lookupTable, tableValue } from './configuration/lookup-table.js';
import { tag } from './configuration/tag.js';

/** Every base entity of the application; each family adds its declarations here. */
export const ENTITIES: EntityDefinition[] = [lookupTable, tableValue, tag];

/** Every route view of a base entity. */
export const VIEWS: ViewDefinition[] = [];

export const CATALOGUE = createCatalogue(ENTITIES, VIEWS);
