import { isExternal, type FieldDefinition, type Target } from '@circula/model';
import { useCurrentUser } from '../../app/auth/useAuth';
import { Col, Form, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { labelOf } from '../../fields/labels';
import { shownField } from '../../fields/owner-reference';
import { widgetFor } from '../../fields/registry';
import { fieldError, formFields, type FormMode } from './record-values';

/** Fields that need the whole row: long texts, structured values. */
const WIDE: ReadonlySet<FieldDefinition['type']> = new Set(['longText', 'json', 'translations', 'group', 'tags', 'document', 'lines']);

/**
 * One antd Form.Item per catalogue field, with the input of the field widget library. The rules
 * are the catalogue's zod schemas (the server validates with the same ones), their message keys
 * translated as ERRORS.{key}.
 */
export function RecordFields({ target, mode, disabled }: { target: Target; mode: FormMode; disabled: boolean }) {
  const { t, i18n } = useTranslation();
  const user = useCurrentUser();
  const external = user !== null && isExternal(user);
  // a field the view fixes (a pickup request's kind) is shown, never changed
  const fixed = new Set(target.filters.filter((f) => f.op === 'eq').map((f) => f.field));
  return (
    <Row gutter={16}>
      {formFields(target, mode).map(([name, catalogued]) => {
        const field = shownField(target, name, catalogued);
        const { Input } = widgetFor(field);
        return (
          <Col key={name} xs={24} md={WIDE.has(field.type) ? 24 : 12}>
            <div data-testid={`record-field-${name}`}>
              <Form.Item
                name={name}
                label={labelOf(field, name, i18n.language)}
                required={field.required === true}
                rules={[
                  {
                    validator: async (_rule, value: unknown) => {
                      const error = fieldError(target, name, value);
                      if (error) throw new Error(t(`ERRORS.${error}`));
                    },
                  },
                ]}
              >
                <Input
                  name={name}
                  field={field}
                  target={target}
                  mode={mode}
                  disabled={disabled || field.readOnly === true || fixed.has(name) || (external && field.staffOnly === true)}
                />
              </Form.Item>
            </div>
          </Col>
        );
      })}
    </Row>
  );
}
