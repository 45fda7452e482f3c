import type { ReferenceField, Target } from '@circula/model';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Space, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppIcon } from '../../app/shell/icons';
import { useReferenceTarget, useTargetAbilities } from '../abilities';
import { textIn } from '../labels';
import { recordLabel, useRecordSummary, type RecordSummary } from '../records-api';
import { useRecordWidgets } from '../record-widgets';
import type { FieldInputProps } from '../types';

/** The value of an embedded-crud field (spec §3): the chosen record's label and id. */
export interface EmbeddedValue {
  label: string;
  value: number;
}

/** spec §9: the text box leaves room for the button (31 px) plus 0.45rem. */
export const EMBEDDED_TEXT_PADDING = 'calc(31px + 0.45rem)';

export interface EmbeddedCrudFieldProps {
  /** The entity whose record the field links (its form opens in the modal, its icon is the button's). */
  target: Target;
  value: EmbeddedValue | null;
  onChange: (value: EmbeddedValue | null) => void;
  /** The control is disabled: read-only, the modal only shows a linked record. */
  disabled?: boolean;
  /** The user may create or edit the linked record. */
  canEdit: boolean;
  /** Touched and invalid: shown invalid. */
  invalid?: boolean;
  id?: string;
  /** Label of a saved record (default `code — name`). */
  labelOf?: (record: RecordSummary) => string;
}

/**
 * Embedded-crud field (spec §3, §4, §9): a read-only text box with the chosen record's label and an
 * icon button (the entity's icon). The button opens the record form in a modal only when a record is
 * linked or editing is allowed; Confirm sets `{label, value}`, Delete sets null, Cancel changes nothing.
 */
export function EmbeddedCrudField({ target, value, onChange, disabled = false, canEdit, invalid = false, id, labelOf }: EmbeddedCrudFieldProps) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const { EmbeddedRecordModal } = useRecordWidgets();
  const editable = canEdit && !disabled;
  const canOpen = value !== null || editable;
  const label = (record: RecordSummary) => (labelOf ? labelOf(record) : recordLabel(record, i18n.language, target.endpoint));
  const entity = textIn(target.label, i18n.language);

  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          id={id}
          readOnly
          value={value?.label ?? ''}
          placeholder={editable ? t('WIDGETS.EMBEDDED.EMPTY') : undefined}
          status={invalid ? 'error' : undefined}
          aria-invalid={invalid || undefined}
          disabled={disabled}
          style={{ paddingRight: EMBEDDED_TEXT_PADDING }}
          data-testid="embedded-text"
        />
        <Tooltip title={value ? t('WIDGETS.EMBEDDED.OPEN', { entity }) : t('WIDGETS.EMBEDDED.CREATE', { entity })}>
          <Button
            icon={<AppIcon name={target.icon} />}
            aria-label={value ? t('WIDGETS.EMBEDDED.OPEN', { entity }) : t('WIDGETS.EMBEDDED.CREATE', { entity })}
            // a disabled control still shows its linked record
            disabled={!canOpen}
            onClick={() => setOpen(true)}
            data-testid="embedded-open"
          />
        </Tooltip>
      </Space.Compact>
      {open && (
        <EmbeddedRecordModal
          target={target}
          id={value?.value ?? null}
          editable={editable}
          onCancel={() => setOpen(false)}
          onConfirm={(record) => {
            setOpen(false);
            if (!disabled) onChange({ label: label(record), value: record.id });
          }}
          {...(disabled
            ? {}
            : {
                onDelete: () => {
                  setOpen(false);
                  onChange(null);
                },
              })}
        />
      )}
    </>
  );
}

/**
 * A reference declared with `widget: 'embedded'`: the embedded-crud field over the record id the
 * form keeps (the label comes from the record's summary).
 */
export function EmbeddedReferenceInput({ field: reference, value, onChange, disabled, id }: FieldInputProps<ReferenceField>) {
  const target = useReferenceTarget(reference);
  const endpoint = target.endpoint;
  const { i18n } = useTranslation();
  const queryClient = useQueryClient();
  const abilities = useTargetAbilities(target.route);
  const { status } = Form.Item.useStatus();
  const linked = typeof value === 'number' ? value : null;
  const { data: summary } = useRecordSummary(endpoint, linked);
  // the label of the record just confirmed, until its summary is read again
  const [confirmed, setConfirmed] = useState<EmbeddedValue | null>(null);
  const label = summary ? recordLabel(summary, i18n.language, endpoint) : confirmed?.value === linked ? confirmed.label : `#${linked}`;
  const current: EmbeddedValue | null = linked === null ? null : { value: linked, label };

  return (
    <EmbeddedCrudField
      id={id}
      target={target}
      value={current}
      disabled={disabled}
      canEdit={linked === null ? abilities.canCreate : abilities.canWrite}
      invalid={status === 'error'}
      onChange={(next) => {
        setConfirmed(next);
        // the record may have been edited in the modal: its label is read again
        if (next) void queryClient.invalidateQueries({ queryKey: ['record-summary', endpoint, next.value] });
        onChange?.(next ? next.value : null);
      }}
    />
  );
}
