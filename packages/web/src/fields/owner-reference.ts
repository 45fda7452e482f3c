import { CATALOGUE, reference, type FieldDefinition, type Target } from '@circula/model';

const ownerReferences = new WeakMap<Target, FieldDefinition>();

/**
 * The field a record page or a list shows for `name`: the catalogue's own, except the owner of a
 * note or a document seen through a view that fixes the kind of owner (signed contracts, subject
 * documents, warehouse notes…). There `ownerId` is the id of a record of that entity, so it is
 * shown as that record's label (the batched by-id lookup of fields/records-api) and chosen with
 * its autocomplete, not as a bare number.
 */
export function shownField(target: Target, name: string, field: FieldDefinition): FieldDefinition {
  const owner = target.defaults.ownerEntity;
  if (name !== 'ownerId' || field.type !== 'integer' || typeof owner !== 'string' || !CATALOGUE.entity(owner)) return field;
  // one reference per view: forms and columns re-render with the same field, not a new one each time
  let shown = ownerReferences.get(target);
  if (!shown) {
    shown = reference(owner, { label: field.label, required: field.required, readOnly: field.readOnly, list: field.list });
    ownerReferences.set(target, shown);
  }
  return shown;
}
