import { transport, type FieldDefinition } from '@circula/model';
import { Col, Row, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../app/format';
import { labelOf } from '../../fields/labels';
import { widgetFor } from '../../fields/registry';
import { PlannerField } from './PlannerField';
import { TRANSPORT_TARGET } from './planner-api';
import type { PlacedErrors, TripField, TripHeader } from './planner-logic';

/** The payload line under a vehicle picker. */
function Payload({ kg, plate }: { kg: number | null | undefined; plate: string | null | undefined }) {
  const { t } = useTranslation();
  if (kg === undefined) return null;
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="planner-payload">
      {kg === null ? t('TRANSPORT_PLANNER.PAYLOAD_UNKNOWN') : t('TRANSPORT_PLANNER.PAYLOAD', { kg: formatNumber(kg) })}
      {plate ? ` · ${plate}` : ''}
    </Typography.Text>
  );
}

export interface VehicleFacts {
  capacityKg: number | null;
  plate: string | null;
}

/**
 * The trip's own fields with the catalogue's inputs (weeks from Monday in the pickers, the
 * references' autocompletes through the user's views: transporters, collaborators): date,
 * transporter, vehicle and trailer with their payload, driver, planned departure.
 */
export function TripFields({
  header,
  onChange,
  errors,
  vehicle,
  trailer,
  disabled,
}: {
  header: TripHeader;
  onChange: (header: TripHeader) => void;
  errors: PlacedErrors['header'];
  /** The chosen vehicle's facts; undefined while none is chosen or it is being read. */
  vehicle: VehicleFacts | undefined;
  trailer: VehicleFacts | undefined;
  disabled?: boolean;
}) {
  const { i18n } = useTranslation();
  const field = (name: TripField, extra?: ReactNode) => {
    const definition = transport.fields[name] as FieldDefinition;
    const { Input } = widgetFor(definition);
    const id = `planner-${name}`;
    return (
      <PlannerField id={id} label={labelOf(definition, name, i18n.language)} required={definition.required === true} errors={errors[name]} extra={extra}>
        <Input
          id={id}
          name={name}
          field={definition}
          target={TRANSPORT_TARGET}
          mode="create"
          disabled={disabled}
          value={header[name]}
          onChange={(value: unknown) => onChange({ ...header, [name]: value === undefined || value === '' ? null : value })}
        />
      </PlannerField>
    );
  };
  return (
    <Row gutter={12} data-testid="planner-trip-fields">
      <Col xs={24} md={12}>
        {field('date')}
      </Col>
      <Col xs={24} md={12}>
        {field('plannedDeparture')}
      </Col>
      <Col xs={24} md={12}>
        {field('transporter')}
      </Col>
      <Col xs={24} md={12}>
        {field('driver')}
      </Col>
      <Col xs={24} md={12}>
        {field('vehicle', <Payload kg={vehicle?.capacityKg} plate={vehicle?.plate} />)}
      </Col>
      <Col xs={24} md={12}>
        {field('trailer', <Payload kg={trailer?.capacityKg} plate={trailer?.plate} />)}
      </Col>
    </Row>
  );
}
