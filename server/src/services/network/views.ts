import type { ServerSubdomainRow } from '../../db/schema';
import { ValidationError } from '../../lib/errors';
import type { ServerSubdomainJson } from '../../schemas/network';

export function subdomainView(row: ServerSubdomainRow): ServerSubdomainJson {
  const address = `${row.label}.${row.zone}`;
  return { label: row.label, zone: row.zone, address, srv_record: `_minecraft._tcp.${address}` };
}

/** The port id of the path, or a 422 naming the field. */
export function allocationId(value: string): number {
  if (!/^[0-9]{1,9}$/.test(value)) throw new ValidationError({ allocation: ['Must be a port id (a whole number)'] });
  return Number(value);
}
