import type { FieldDefinition, FieldType, Target } from '@circula/model';
import type { ColDef } from 'ag-grid-community';
import type { ComponentType } from 'react';

/**
 * The contract of the field widget library: one input, one display and one grid column per
 * field type of the catalogue, registered in `FIELD_WIDGETS` (registry.ts).
 *
 * Inputs follow the antd form convention (`value` / `onChange`), so a record form places them
 * inside `<Form.Item name={name}>` and antd wires them.
 */
export interface FieldInputProps<V = unknown> {
  /** The field's name in the record (camelCase, as the API sends it). */
  name: string;
  field: FieldDefinition;
  /** The catalogue target whose record is being edited (view filters and defaults, endpoint). */
  target: Target;
  value?: V;
  onChange?: (value: V | null) => void;
  disabled?: boolean;
  /** The DOM id antd gives the control (labels point at it). */
  id?: string;
  /** 'create' or 'update': some lookups filter differently when creating (spec §3). */
  mode: 'create' | 'update' | 'show';
}

export interface FieldDisplayProps<V = unknown> {
  name: string;
  field: FieldDefinition;
  value: V | null | undefined;
}

export interface FieldWidget {
  Input: ComponentType<FieldInputProps>;
  Display: ComponentType<FieldDisplayProps>;
  /**
   * The AG Grid column of the field in a list: header, value formatting (Italian numbers, dd/mm/yyyy
   * dates), alignment and whether the server can sort it (`sortable`). `language` is the UI language.
   */
  column: (args: { name: string; field: FieldDefinition; label: string; language: string }) => ColDef;
}

export type FieldWidgetRegistry = Record<FieldType, FieldWidget>;
