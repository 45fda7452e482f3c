import { Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { isValidIban, normalizeIban } from '../iban';
import { LookupSelect } from '../inputs/LookupInput';
import { lookupValue, useLookupValues, type TableValue } from '../lookup-values';
import { Cell, TextCell, textOf, withKey, type GroupPartProps } from './group-parts';

/**
 * The message of the payment coordinates, or null: spec §3/§5, a payment type whose flag3 is set
 * ("required") needs the IBAN; an IBAN given must pass the mod-97 check.
 */
export function paymentCoordinatesError(iban: string, type: unknown, paymentTypes: readonly TableValue[] | undefined): string | null {
  if (iban !== '') return isValidIban(iban) ? null : 'FIELDS.ERRORS.INVALID_IBAN';
  const chosen = type !== null && type !== undefined ? paymentTypes?.find((v) => lookupValue(v) === type) : undefined;
  return chosen?.flag3 ? 'FIELDS.ERRORS.IBAN_REQUIRED' : null;
}

/** Payment condition (spec §3): currency, payment type, IBAN (mod-97 checked, required by the type's flag3), bank. */
export function PaymentGroup(part: GroupPartProps) {
  const { t } = useTranslation();
  const { data: paymentTypes } = useLookupValues('PAYMENT_TYPE');
  const ibanError = paymentCoordinatesError(textOf(part.value, 'iban'), part.value.type, paymentTypes);
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
