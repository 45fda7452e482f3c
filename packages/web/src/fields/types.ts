import type { FieldDefinition, FieldType, Target } from '@circula/model';
import type { ColDef } from 'ag-grid-community';
import type { ReactNode } from 'react';

/**
 * The contract of the field widget library: one input, one display and one grid column per
 * field type of the catalogue, registered in `FIELD_WIDGETS` (registry.ts).
 *
 * Inputs follow the antd form convention (`value` / `onChange`), so a record form places them
 * inside `<Form.Item name={name}>` and antd wires them.
 */
/** The field definition of one field type (`FieldOf<'lookup'>` is `LookupField`). */
export type FieldOf<T extends FieldType> = Extract<FieldDefinition, { type: T }>;

export interface FieldInputProps<F extends FieldDefinition = FieldDefinition, V = unknown> {
  /** The field's name in the record (camelCase, as the API sends it). */
  name: string;
  field: F;
  /** The catalogue target whose record is being edited (view filters and defaults, endpoint). */
  target: Target;
  value?: V;
  onChange?: (value: V | null) => void;
  disabled?: boolean;
  /** The DOM id antd gives the control (labels point at it). */
  id?: string;
  /** 'create' or 'update': some lookups filter differently when creating (spec §3). */
  mode: 'create' | 'update' | 'show';
  /** A reference's suggestions only among these ids (a line's EER code among its destination's); null or absent: any. */
  restrictTo?: readonly number[] | null;
}

export interface FieldDisplayProps<F extends FieldDefinition = FieldDefinition, V = unknown> {
  name: string;
  field: F;
  value: V | null | undefined;
}

export interface ColumnArgs<F extends FieldDefinition = FieldDefinition> {
  name: string;
  field: F;
  label: string;
  /** The UI language. */
  language: string;
}

/**
 * A widget is a function component: a plain function type, so a widget made for several field
 * types (the number input) fits the entry of each of them.
 */
export type Widget<P> = (props: P) => ReactNode;

/** The widgets of the fields `F`: each receives its own field definition type. */
export interface FieldWidget<F extends FieldDefinition = FieldDefinition> {
  Input: Widget<FieldInputProps<F>>;
  Display: Widget<FieldDisplayProps<F>>;
  /**
   * The AG Grid column of the field in a list: header, value formatting (Italian numbers, dd/mm/yyyy
   * dates), alignment and whether the server can sort it (`sortable`).
   */
  column: (args: ColumnArgs<F>) => ColDef;
}

/** Per field type, the widgets of that type's definition. */
export type FieldWidgetRegistry = { readonly [T in FieldType]: FieldWidget<FieldOf<T>> };
