import { Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { isValidIban, normalizeIban } from '../iban';
import { LookupSelect } from '../inputs/LookupInput';
import { Cell, TextCell, textOf, withKey, type GroupPartProps } from './group-parts';

/** Payment condition (spec §3): currency, payment type, IBAN (mod-97 checked), bank. */
export function PaymentGroup(part: GroupPartProps) {
  const { t } = useTranslation();
  const iban = textOf(part.value, 'iban');
  const ibanError = iban !== '' && !isValidIban(iban) ? 'FIELDS.ERRORS.INVALID_IBAN' : null;
  const select = (name: string, table: string, units: number) => (
    <Cell units={units} label={t(`FIELDS.GROUP.${name}`)} htmlFor={`${part.idPrefix}_${name}`}>
      <LookupSelect
        id={`${part.idPrefix}_${name}`}
        table={table}
        value={part.value[name]}
        disabled={part.disabled}
        onChange={(v) => part.onChange(withKey(part.value, name, v))}
      />
    </Cell>
  );
  return (
    <Row gutter={12}>
      {select('currency', 'CURRENCY_TYPE', 2)}
      {select('type', 'PAYMENT_TYPE', 3)}
      <TextCell part={part} name="iban" units={4} max={34} error={ibanError} transform={normalizeIban} />
      <TextCell part={part} name="bank" units={3} max={200} />
    </Row>
  );
}
