import type { EntityDefinition } from '@circula/model';
import type { Transaction } from 'kysely';
import type { Principal } from '../auth/users.js';
import type { Database } from '../db/schema.js';

/**
 * Domain behaviour beyond storing records, attached to the engine per base entity. Hooks run
 * inside the write's transaction: throwing an AppError aborts the write and nothing is kept.
 */
export interface HookContext {
  trx: Transaction<Database>;
  principal: Principal;
  entity: EntityDefinition;
}

export type RecordData = Record<string, unknown>;

export interface EntityHooks {
  /** May adjust the validated values of a new record (returned object replaces them). */
  beforeCreate?(ctx: HookContext, values: RecordData): Promise<RecordData | void>;
  afterCreate?(ctx: HookContext, record: RecordData): Promise<void>;
  beforeUpdate?(ctx: HookContext, current: RecordData, values: RecordData): Promise<RecordData | void>;
  beforeTransition?(ctx: HookContext, current: RecordData, to: string, values: RecordData): Promise<RecordData | void>;
  afterTransition?(ctx: HookContext, record: RecordData, from: string | null): Promise<void>;
  beforeDelete?(ctx: HookContext, current: RecordData): Promise<void>;
}

export class HookRegistry {
  readonly #hooks = new Map<string, EntityHooks[]>();

  register(entity: string, hooks: EntityHooks): void {
    this.#hooks.set(entity, [...(this.#hooks.get(entity) ?? []), hooks]);
  }

  for(entity: string): EntityHooks[] {
    return this.#hooks.get(entity) ?? [];
  }

  /** Runs a value-transforming hook of every registered module in order. */
  async chain<K extends 'beforeCreate' | 'beforeUpdate' | 'beforeTransition'>(
    entity: string,
    name: K,
    run: (hooks: EntityHooks, values: RecordData) => Promise<RecordData | void> | undefined,
    values: RecordData,
  ): Promise<RecordData> {
    let current = values;
    for (const hooks of this.for(entity)) {
      if (!hooks[name]) continue;
      current = (await run(hooks, current)) ?? current;
    }
    return current;
  }
}
