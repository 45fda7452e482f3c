import { vehicle, type ValuesOf } from '@circula/model';
import { constraintViolation } from '../../http/errors.js';
import type { HookRegistry } from '../../records/hooks.js';
import type { DomainModule } from '../module.js';

/** Italian plates since 1994: two letters, three digits, two letters (trailers too: XA000AA). */
const ITALIAN_PLATE = /^[A-Z]{2}\d{3}[A-Z]{2}$/;
const FOREIGN_PLATE = /^[A-Z0-9]{2,12}$/;

/**
 * Plates are stored without spaces or dashes and checked by the country's format; an ADR
 * equipped vehicle carries the expiry of its certificate.
 */
function complete(values: ValuesOf<typeof vehicle>): { plate: string } {
  const errors: { field: string; message: string }[] = [];
  const plate = (values.plate ?? '').toUpperCase().replace(/[\s-]/g, '');
  const italian = (values.plateCountry ?? 'ITA') === 'ITA';
  if (!(italian ? ITALIAN_PLATE : FOREIGN_PLATE).test(plate)) errors.push({ field: 'plate', message: 'PLATE_FORMAT' });
  if (values.adr === true && !values.adrExpiry) errors.push({ field: 'adrExpiry', message: 'REQUIRED' });
  if (errors.length) throw constraintViolation(errors);
  return { plate };
}

export function registerVehicleHooks(registry: HookRegistry): HookRegistry {
  registry.register(vehicle, {
    async beforeCreate(_ctx, values) {
      return { ...values, ...complete(values) };
    },
    async beforeUpdate(_ctx, current, values) {
      const { plate } = complete({ ...current, ...values });
      return values.plate === undefined ? values : { ...values, plate };
    },
  });
  return registry;
}

export const vehiclesModule: DomainModule = { name: 'vehicles', hooks: registerVehicleHooks };
