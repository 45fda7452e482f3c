import { CloseCircleOutlined } from '@ant-design/icons';
import { ArrayRowButtons } from '../array-row-buttons';
import type { GroupField, GroupKind } from '@circula/model';
import { Button, Flex } from 'antd';
import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldInputProps } from '../types';
import { AddressGroup, BirthPlaceGroup } from './AddressGroup';
import { ContactGroup } from './ContactGroup';
import type { GroupPartProps, GroupValue } from './group-parts';
import { PaymentGroup } from './PaymentGroup';

export const GROUP_PARTS: Record<GroupKind, ComponentType<GroupPartProps>> = {
  contact: ContactGroup,
  payment: PaymentGroup,
  address: AddressGroup,
  birthPlace: BirthPlaceGroup,
};

const asGroup = (v: unknown): GroupValue => (v && typeof v === 'object' && !Array.isArray(v) ? (v as GroupValue) : {});
const isEmpty = (v: GroupValue) => Object.values(v).every((x) => x === null || x === undefined || x === '');

/** Form-array rules (spec §4): add inserts an empty row after the current one. */
export function insertRowAfter(rows: GroupValue[], index: number): GroupValue[] {
  return [...rows.slice(0, index + 1), {}, ...rows.slice(index + 1)];
}

/** Remove deletes the row and, if none remain, inserts an empty row. */
export function removeRow(rows: GroupValue[], index: number): GroupValue[] {
  const rest = rows.filter((_, i) => i !== index);
  return rest.length ? rest : [{}];
}

function GroupArray({ Part, value, onChange, disabled, idPrefix }: { Part: ComponentType<GroupPartProps>; value: unknown; onChange: (v: GroupValue[]) => void; disabled?: boolean; idPrefix: string }) {
  const rows = Array.isArray(value) && value.length ? (value as unknown[]).map(asGroup) : [{}];
  return (
    <Flex vertical gap={4} className="circula-form-array">
      {rows.map((row, index) => (
        <Flex key={index} gap={8} align="flex-start" data-testid="form-array-row" style={{ borderBottom: '1px dashed #e5e5e5', paddingTop: 4 }}>
          <div style={{ flex: 1, minWidth: 0 }}>
            <Part
              value={row}
              disabled={disabled}
              idPrefix={`${idPrefix}_${index}`}
              onChange={(next) => onChange(rows.map((r, i) => (i === index ? next : r)))}
            />
          </div>
          {!disabled && (
            <div style={{ paddingTop: 20 }}>
              <ArrayRowButtons onAdd={() => onChange(insertRowAfter(rows, index))} onRemove={() => onChange(removeRow(rows, index))} />
            </div>
          )}
        </Flex>
      ))}
    </Flex>
  );
}

/** A group's values to compare: empty texts and missing keys are the same as null. */
function comparable(value: unknown): string {
  const rows = (Array.isArray(value) ? value : [value]).map(asGroup).map((row) =>
    Object.fromEntries(
      Object.entries(row)
        .filter(([, v]) => v !== null && v !== undefined && v !== '')
        .sort(([a], [b]) => a.localeCompare(b)),
    ),
  );
  return JSON.stringify(rows);
}

/**
 * spec §4 fieldset reset: what the clear icon restores, or undefined when the group has no reset.
 * One group goes back to its configured values, else to what the form opened with; an array keeps
 * one row, holding the configured values (else empty).
 */
export function groupResetValue(group: GroupField, opened: unknown): unknown {
  if (group.reset === undefined) return undefined;
  const configured = group.reset === true ? null : group.reset;
  if (group.array) return [{ ...(configured ?? {}) }];
  return configured ? { ...configured } : isEmpty(asGroup(opened)) ? null : opened;
}

/** The clear icon shows only when the values differ from what it restores. */
export const differsFromReset = (value: unknown, reset: unknown): boolean => comparable(value) !== comparable(reset);

function ResetButton({ name, onClick }: { name: string; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Button
      size="small"
      type="text"
      icon={<CloseCircleOutlined />}
      aria-label={t('FIELDS.GROUP_RESET')}
      title={t('FIELDS.GROUP_RESET')}
      onClick={onClick}
      data-testid={`group-reset-${name}`}
    />
  );
}

/** contact, payment, address, birth place — one group, or an array of them. */
export function GroupInput({ field: group, name, value, onChange, disabled, id }: FieldInputProps<GroupField>) {
  const Part = GROUP_PARTS[group.group];
  const idPrefix = id ?? name;
  // what the form opened with: the reset target of a group without configured values
  const [opened] = useState(value);
  const reset = groupResetValue(group, opened);
  const canReset = !disabled && differsFromReset(value, reset);
  const input = group.array ? (
    <GroupArray Part={Part} value={value} disabled={disabled} idPrefix={idPrefix} onChange={(rows) => onChange?.(rows)} />
  ) : (
    <Part value={asGroup(value)} disabled={disabled} idPrefix={idPrefix} onChange={(next) => onChange?.(isEmpty(next) ? null : next)} />
  );
  if (reset === undefined) return input;
  // the same tree with or without the icon: the controls keep their focus when it appears
  return (
    <Flex gap={4} align="flex-start">
      <div style={{ flex: 1, minWidth: 0 }}>{input}</div>
      {canReset && <ResetButton name={name} onClick={() => onChange?.(reset)} />}
    </Flex>
  );
}
