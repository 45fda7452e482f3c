import { EnvironmentOutlined } from '@ant-design/icons';
import { App, Button, Col, Input, Row, type ButtonProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyMapDialog, type MapDialogResult, type PointData } from '../../features/map/LazyMapDialog';
import { parsePosition, type MapMarker } from '../../features/map/map-state';
import { addressFill, withCoordinates } from './address-map';
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

/**
 * "Pick on map" (issue 17): the map dialog in MAP, centred on the group's coordinates; the point
 * confirmed sets latitude/longitude (6 decimals), and when the geocoder named its address the
 * empty address fields may be filled with it. A read-only form shows the point read-only.
 */
export function AddressMapButton({ part }: { part: GroupPartProps }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [open, setOpen] = useState(false);
  const position = parsePosition(part.value.latitude, part.value.longitude);
  const readOnly = Boolean(part.disabled);
  if (readOnly && !position) return null;
  const markers: MapMarker[] = position ? [{ id: 'current', title: [textOf(part.value, 'street'), textOf(part.value, 'houseNumber'), textOf(part.value, 'city')].filter(Boolean).join(' ') || `${position.lat}_${position.lng}`, position }] : [];

  const confirm = ({ markers: chosen }: MapDialogResult) => {
    setOpen(false);
    const point = chosen[0];
    if (!point) return;
    const located = withCoordinates(part.value, point.position.lat, point.position.lng);
    const data = point.rawData as PointData;
    const address = data && 'geocode' in data ? data.geocode.address : data && 'place' in data ? data.place.address : null;
    const fill = addressFill(part.value, address);
    part.onChange(located);
    if (Object.keys(fill).length === 0) return;
    modal.confirm({
      title: t('MAP.FILL_ADDRESS_TITLE'),
      content: t('MAP.FILL_ADDRESS_TEXT', { title: point.title }),
      okText: t('MAP.FILL_ADDRESS'),
      cancelText: t('MAP.FILL_ADDRESS_NO'),
      okButtonProps: { 'data-testid': 'address-fill-confirm' } as ButtonProps,
      onOk: () => part.onChange({ ...located, ...fill }),
    });
  };

  return (
    <Col xs={24} md={4}>
      <div style={{ paddingTop: 20, marginBottom: 8 }}>
        <Button icon={<EnvironmentOutlined />} onClick={() => setOpen(true)} data-testid={`${part.idPrefix}_map`}>
          {readOnly ? t('MAP.SHOW_ON_MAP') : t('MAP.PICK_ON_MAP')}
        </Button>
      </div>
      <LazyMapDialog open={open} modality="MAP" markers={markers} center={position} readOnly={readOnly} onCancel={() => setOpen(false)} onConfirm={confirm} />
    </Col>
  );
}

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
      <AddressMapButton part={part} />
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
