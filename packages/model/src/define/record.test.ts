import { describe, expect, expectTypeOf, it } from 'vitest';
import type { alboAuthorisation, attachment, note, subject, vehicle } from '../entities/index.js';
import { CHECKS } from '../validation/checks.js';
import { defineEntity, workflow, type EntityDefinition } from './entity.js';
import { group, groupArray, lookup, reference, tags, text } from './fields.js';
import type { FieldValue, RecordOf, ValuesOf } from './record.js';

type Vehicle = RecordOf<typeof vehicle>;
type Subject = RecordOf<typeof subject>;

describe('RecordOf: a record typed from its entity declaration', () => {
  it('types each field by its field type, required ones without null', () => {
    expectTypeOf<Vehicle['plate']>().toEqualTypeOf<string>();
    expectTypeOf<Vehicle['vehicleType']>().toEqualTypeOf<string>();
    expectTypeOf<Vehicle['make']>().toEqualTypeOf<string | null>();
    expectTypeOf<Vehicle['registrationYear']>().toEqualTypeOf<number | null>();
    expectTypeOf<Vehicle['capacityKg']>().toEqualTypeOf<number | null>();
    expectTypeOf<Vehicle['adr']>().toEqualTypeOf<boolean | null>();
    expectTypeOf<Vehicle['adrExpiry']>().toEqualTypeOf<string | null>();
    expectTypeOf<Vehicle['owner']>().toEqualTypeOf<number | null>();
  });

  it('types lists: multiple lookups and references, tags (never null: array columns)', () => {
    expectTypeOf<Vehicle['tags']>().toEqualTypeOf<number[]>();
    expectTypeOf<Subject['roles']>().toEqualTypeOf<string[]>();
    expectTypeOf<RecordOf<typeof alboAuthorisation>['wasteCodes']>().toEqualTypeOf<number[]>();
  });

  it('nests groups and arrays of groups with their own fields', () => {
    expectTypeOf<NonNullable<Subject['contact']>['email']>().toEqualTypeOf<string | null | undefined>();
    expectTypeOf<NonNullable<Subject['addresses']>>().toBeArray();
    expectTypeOf<NonNullable<Subject['addresses']>[number]['city']>().toEqualTypeOf<string | null | undefined>();
    expectTypeOf<NonNullable<Subject['payment']>>().toHaveProperty('iban');
    // @ts-expect-error an address has no iban
    expectTypeOf<NonNullable<Subject['addresses']>[number]['iban']>().toBeNever();
  });

  it('carries the system fields of every record, status typed by the workflow', () => {
    expectTypeOf<Vehicle['id']>().toEqualTypeOf<number>();
    expectTypeOf<Vehicle['version']>().toEqualTypeOf<number>();
    expectTypeOf<Vehicle['code']>().toEqualTypeOf<string | null>();
    expectTypeOf<Vehicle['delete']>().toEqualTypeOf<{ deleted: boolean; deletedAt: string | null; deletedBy: string | null }>();
    expectTypeOf<Vehicle['canWrite']>().toEqualTypeOf<boolean>();
    // no workflow: never a status
    expectTypeOf<Vehicle['status']>().toEqualTypeOf<null>();
    expectTypeOf<RecordOf<typeof alboAuthorisation>['status']>().toEqualTypeOf<'ACTIVE' | 'SUSPENDED' | 'REVOKED' | null>();
    expectTypeOf<RecordOf<typeof alboAuthorisation>['allowedStatuses']>().toEqualTypeOf<('ACTIVE' | 'SUSPENDED' | 'REVOKED')[]>();
  });

  it('knows no field the entity does not declare', () => {
    expectTypeOf<Vehicle>().not.toHaveProperty('vatNumber');
    expectTypeOf<RecordOf<typeof note>>().toHaveProperty('title');
    expectTypeOf<RecordOf<typeof attachment>['document']>().toEqualTypeOf<number>();
  });

  it('types the values a hook receives: every field optional and nullable', () => {
    expectTypeOf<ValuesOf<typeof vehicle>['plate']>().toEqualTypeOf<string | null | undefined>();
    expectTypeOf<ValuesOf<typeof subject>['roles']>().toEqualTypeOf<string[] | null | undefined>();
    expectTypeOf<ValuesOf<typeof vehicle>>().not.toHaveProperty('id');
  });

  it('keeps the declared options of a field builder as types', () => {
    expectTypeOf<FieldValue<ReturnType<typeof lookup<{ multiple: true }>>>>().toEqualTypeOf<string[]>();
    const probe = defineEntity({
      name: 'probe',
      endpoint: '/api/probes',
      authority: 'TABLE',
      type: 'other',
      icon: 'FileOutlined',
      label: { it: 'Prove', en: 'Probes' },
      fields: {
        title: text({ required: true, check: 'email' }),
        kinds: lookup('KIND', { multiple: true }),
        related: reference('probe', { multiple: true }),
        labels: tags(),
        place: group('address'),
        places: groupArray('contact'),
      },
      statuses: workflow('OPEN', { OPEN: ['CLOSED'], CLOSED: [] }, { OPEN: { label: { it: 'Aperta', en: 'Open' }, color: 'blue' }, CLOSED: { label: { it: 'Chiusa', en: 'Closed' }, color: 'grey' } }),
    });
    type Probe = RecordOf<typeof probe>;
    expectTypeOf<Probe['title']>().toEqualTypeOf<string>();
    expectTypeOf<Probe['kinds']>().toEqualTypeOf<string[]>();
    expectTypeOf<Probe['related']>().toEqualTypeOf<number[]>();
    expectTypeOf<Probe['labels']>().toEqualTypeOf<number[]>();
    expectTypeOf<NonNullable<Probe['place']>>().toHaveProperty('zip');
    expectTypeOf<NonNullable<Probe['places']>[number]>().toHaveProperty('phone');
    expectTypeOf<Probe['status']>().toEqualTypeOf<'OPEN' | 'CLOSED' | null>();
    // a declared entity is still an entity of the catalogue
    expectTypeOf(probe).toExtend<EntityDefinition>();
    expect(probe.fields.kinds.multiple).toBe(true);
  });
});

describe('the validation checks are a typed object', () => {
  it('lets a text field name a check of CHECKS, and no other', () => {
    expectTypeOf(CHECKS.italianVatNumber).toEqualTypeOf<(value: string) => boolean>();
    expect(text({ check: 'italianVatNumber' }).check).toBe('italianVatNumber');
    // @ts-expect-error an unknown check is a type error, not a run-time lookup that fails
    text({ check: 'italianVatNumbr' });
  });

  it('lets a workflow name only its own statuses', () => {
    const label = { label: { it: 'x', en: 'x' }, color: 'grey' };
    // @ts-expect-error DONE is not a status of this workflow
    workflow('OPEN', { OPEN: ['DONE'], CLOSED: [] }, { OPEN: label, CLOSED: label });
    // @ts-expect-error the initial status must be one of them
    expect(() => workflow('NEW', { OPEN: [] }, { OPEN: label })).not.toThrow();
  });
});
