import { Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { LookupSelect } from '../inputs/LookupInput';
import { Cell, TextCell, textOf, withKey, type GroupPartProps, type GroupValue } from './group-parts';

export const ITALY = 'ITA';

/** Latitude/longitude (spec §5): optional minus, integer without leading zeros (or 0), optional decimals. */
const LATLNG = /^-?(0|[1-9]\d*)(\.\d+)?$/;

export function coordinateError(text: string, limit: number): string | null {
  if (text === '') return null;
  if (!LATLNG.test(text)) return 'FIELDS.ERRORS.INVALID_COORDINATE';
  return Math.abs(Number(text)) > limit ? 'FIELDS.ERRORS.COORDINATE_RANGE' : null;
}

/** Changing the country to or from Italy resets the province (spec §4). */
export function withCountry(value: GroupValue, countryKey: string, provinceKey: string, country: string | null): GroupValue {
  const before = value[countryKey] === ITALY;
  const after = country === ITALY;
  const next = withKey(value, countryKey, country);
  return before !== after ? { ...next, [provinceKey]: null } : next;
}

/** Province: a select of the Italian provinces when the country is Italy, free text otherwise. */
export function ProvinceCell({ part, name, countryKey, units }: { part: GroupPartProps; name: string; countryKey: string; units: number }) {
  const { t } = useTranslation();
  const id = `${part.idPrefix}_${name}`;
  const italian = part.value[countryKey] === ITALY;
  return (
    <Cell units={units} label={t(`FIELDS.GROUP.${name}`)} htmlFor={id}>
      {italian ? (
        <LookupSelect
          id={id}
          table="PROVINCES"
          filters={{ alpha2: ITALY, sort: 'code,asc' }}
          optionLabel={(v, label) => `${label} (${v.code})`}
          value={part.value[name]}
          disabled={part.disabled}
          onChange={(v) => part.onChange(withKey(part.value, name, v))}
        />
      ) : (
        <Input
          id={id}
          value={textOf(part.value, name)}
          maxLength={60}
          disabled={part.disabled}
          onChange={(e) => part.onChange(withKey(part.value, name, e.target.value))}
        />
      )}
    </Cell>
  );
}

export function CountryCell({ part, name, provinceKey, units }: { part: GroupPartProps; name: string; provinceKey: string; units: number }) {
  const { t } = useTranslation();
  const id = `${part.idPrefix}_${name}`;
  return (
    <Cell units={units} label={t(`FIELDS.GROUP.${name}`)} htmlFor={id}>
      <LookupSelect
        id={id}
        table="COUNTRIES"
        value={part.value[name]}
        disabled={part.disabled}
        onChange={(v) => part.onChange(withCountry(part.value, name, provinceKey, typeof v === 'string' ? v : null))}
      />
    </Cell>
  );
}

/** Coordinates are typed with a dot or a comma and stored as text with a dot. */
const coordinate = (text: string) => text.trim().replace(',', '.');

/** Address (spec §3, widths of spec §9). */
export function AddressGroup(part: GroupPartProps) {
  const lat = textOf(part.value, 'latitude');
  const lng = textOf(part.value, 'longitude');
  return (
    <Row gutter={12}>
      <TextCell part={part} name="streetType" units={2} max={30} />
      <TextCell part={part} name="street" units={3} max={200} />
      <TextCell part={part} name="houseNumber" units={1} max={20} />
      <TextCell part={part} name="zip" units={1} max={12} />
      <TextCell part={part} name="city" units={3} max={120} />
      <ProvinceCell part={part} name="province" countryKey="country" units={2} />
      <CountryCell part={part} name="country" provinceKey="province" units={2} />
      <TextCell part={part} name="cityCode" units={2} max={10} />
      <TextCell part={part} name="latitude" units={2} max={20} error={coordinateError(lat, 90)} transform={coordinate} />
      <TextCell part={part} name="longitude" units={2} max={20} error={coordinateError(lng, 180)} transform={coordinate} />
      <TextCell part={part} name="notes" units={4} max={500} />
    </Row>
  );
}

/** Birth place (spec §3): city, province (Italian select when born in Italy), country. */
export function BirthPlaceGroup(part: GroupPartProps) {
  return (
    <Row gutter={12}>
      <TextCell part={part} name="bornCity" units={3} max={120} />
      <ProvinceCell part={part} name="bornProvince" countryKey="bornCountry" units={2} />
      <CountryCell part={part} name="bornCountry" provinceKey="bornProvince" units={2} />
    </Row>
  );
}
