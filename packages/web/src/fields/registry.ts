import type { FieldDefinition } from '@circula/model';
import { displayColumn, scalarColumn } from './columns';
import {
  DocumentDisplay,
  GroupDisplay,
  JsonDisplay,
  LookupDisplay,
  MeasureDisplay,
  ReferenceDisplay,
  ScalarDisplay,
  TagsDisplay,
  TranslationsDisplay,
} from './displays';
import { GroupInput } from './groups/GroupInput';
import { LinesDisplay, LinesInput } from './lines/LinesInput';
import { DocumentInput } from './inputs/DocumentInput';
import { LookupInput } from './inputs/LookupInput';
import { MeasureInput } from './inputs/MeasureInput';
import { NumberInput } from './inputs/NumberInput';
import { ReferenceInput } from './inputs/ReferenceInput';
import { BooleanInput, DateInput, DateTimeInput, LongTextInput, TextInput, TimeInput } from './inputs/ScalarInputs';
import { TagsInput } from './inputs/TagsInput';
import { JsonInput, TranslationsInput } from './inputs/TextValueInputs';
import type { FieldDisplayProps, FieldInputProps, FieldWidget, FieldWidgetRegistry, Widget } from './types';

const scalar = <F extends FieldDefinition>(Input: Widget<FieldInputProps<F>>): FieldWidget<F> => ({ Input, Display: ScalarDisplay, column: scalarColumn });
const looked = <F extends FieldDefinition>(Input: Widget<FieldInputProps<F>>, Display: Widget<FieldDisplayProps<F>>, align?: 'right'): FieldWidget<F> => ({
  Input,
  Display,
  column: displayColumn(Display, align),
});

/** One input, one display and one grid column per field type of the catalogue. */
export const FIELD_WIDGETS: FieldWidgetRegistry = {
  text: scalar(TextInput),
  longText: scalar(LongTextInput),
  integer: scalar(NumberInput),
  decimal: scalar(NumberInput),
  money: scalar(NumberInput),
  boolean: scalar(BooleanInput),
  date: scalar(DateInput),
  datetime: scalar(DateTimeInput),
  time: scalar(TimeInput),
  lookup: looked(LookupInput, LookupDisplay),
  reference: looked(ReferenceInput, ReferenceDisplay),
  tags: looked(TagsInput, TagsDisplay),
  document: looked(DocumentInput, DocumentDisplay),
  measure: looked(MeasureInput, MeasureDisplay, 'right'),
  translations: looked(TranslationsInput, TranslationsDisplay),
  json: looked(JsonInput, JsonDisplay),
  group: looked(GroupInput, GroupDisplay),
  lines: looked(LinesInput, LinesDisplay),
};

/**
 * The widgets of a field, typed for its definition. TypeScript cannot follow that `field.type`
 * picks the registry entry made for that same type, so the one widening cast of the library is
 * here, where the mapped registry type guarantees it.
 */
export const widgetFor = <F extends FieldDefinition>(field: F): FieldWidget<F> => FIELD_WIDGETS[field.type] as unknown as FieldWidget<F>;

export { labelOf } from './labels';
export { useLookupValues } from './lookup-values';
