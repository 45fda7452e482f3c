import { Col, Input } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type GroupValue = Record<string, unknown>;

export interface GroupPartProps {
  value: GroupValue;
  onChange: (value: GroupValue) => void;
  disabled?: boolean;
  /** Prefix of the DOM ids of the group's controls (labels point at them). */
  idPrefix: string;
}

/** A labelled cell of a group, `units` wide on the 12-column grid of spec §9. */
export function Cell({ units, label, htmlFor, error, children }: { units: number; label: string; htmlFor: string; error?: string | null; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Col xs={24} md={units * 2}>
      <div className="circula-group-cell" style={{ marginBottom: 8 }}>
        <label htmlFor={htmlFor} style={{ display: 'block', fontSize: 12, color: 'rgba(0,0,0,0.65)', marginBottom: 2 }}>
          {label}
        </label>
        {children}
        {error && (
          <div className="ant-form-item-explain-error" role="alert" style={{ fontSize: 12 }}>
            {t(error)}
          </div>
        )}
      </div>
    </Col>
  );
}

export const textOf = (value: GroupValue, key: string): string => {
  const v = value[key];
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
};

/** One key of a group changed: empty text is stored as null. */
export const withKey = (value: GroupValue, key: string, next: unknown): GroupValue => ({ ...value, [key]: next === '' ? null : next });

/** A plain text cell of a group. */
export function TextCell({
  part,
  name,
  units,
  max,
  error,
  transform,
}: {
  part: GroupPartProps;
  name: string;
  units: number;
  max?: number;
  error?: string | null;
  transform?: (text: string) => string;
}) {
  const { t } = useTranslation();
  const id = `${part.idPrefix}_${name}`;
  return (
    <Cell units={units} label={t(`FIELDS.GROUP.${name}`)} htmlFor={id} error={error}>
      <Input
        id={id}
        value={textOf(part.value, name)}
        maxLength={max}
        disabled={part.disabled}
        status={error ? 'error' : undefined}
        aria-invalid={error ? true : undefined}
        onChange={(e) => part.onChange(withKey(part.value, name, transform ? transform(e.target.value) : e.target.value))}
      />
    </Cell>
  );
}
