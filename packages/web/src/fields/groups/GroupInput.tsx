import { MinusOutlined, PlusOutlined } from '@ant-design/icons';
import type { GroupField, GroupKind } from '@circula/model';
import { Button, Flex } from 'antd';
import type { ComponentType } from 'react';
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
  const { t } = useTranslation();
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
            <Flex gap={4} style={{ paddingTop: 20 }}>
              <Button
                size="small"
                color="green"
                variant="solid"
                icon={<PlusOutlined />}
                aria-label={t('FIELDS.ARRAY.ADD')}
                title={t('FIELDS.ARRAY.ADD')}
                onClick={() => onChange(insertRowAfter(rows, index))}
              />
              <Button
                size="small"
                color="danger"
                variant="solid"
                icon={<MinusOutlined />}
                aria-label={t('FIELDS.ARRAY.REMOVE')}
                title={t('FIELDS.ARRAY.REMOVE')}
                onClick={() => onChange(removeRow(rows, index))}
              />
            </Flex>
          )}
        </Flex>
      ))}
    </Flex>
  );
}

/** contact, payment, address, birth place — one group, or an array of them. */
export function GroupInput({ field: group, name, value, onChange, disabled, id }: FieldInputProps<GroupField>) {
  const Part = GROUP_PARTS[group.group];
  const idPrefix = id ?? name;
  if (group.array) return <GroupArray Part={Part} value={value} disabled={disabled} idPrefix={idPrefix} onChange={(rows) => onChange?.(rows)} />;
  return <Part value={asGroup(value)} disabled={disabled} idPrefix={idPrefix} onChange={(next) => onChange?.(isEmpty(next) ? null : next)} />;
}
