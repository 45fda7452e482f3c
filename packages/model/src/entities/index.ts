import { createCatalogue } from '../define/catalogue.js';
import type { EntityDefinition, ViewDefinition } from '../define/entity.js';

/** Every base entity of the application; each family adds its declarations here. */
export const ENTITIES: EntityDefinition[] = [];

/** Every route view of a base entity. */
export const VIEWS: ViewDefinition[] = [];

export const CATALOGUE = createCatalogue(ENTITIES, VIEWS);
