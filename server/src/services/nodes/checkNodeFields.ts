import type { NodeRow } from '../../db/schema';
import { FieldErrors } from '../../lib/fieldErrors';
import { checkSize, checkTls, engineAddressProblem, parsePortRange, publicHostProblem, validNodeName, type NodeInput, type NodeTls } from './nodeInput';

/** A node's fields once checked, in the database's terms (absent: unchanged). */
export interface NodeFields {
  name: string;
  location: string;
  dockerHost: string;
  /** null: no TLS (a unix socket). */
  tls: NodeTls | null;
  publicHost: string;
  portRange: { start: number; end: number };
  memoryMb: number | null;
  diskMb: number | null;
  maintenance: boolean;
}

/** What the panel's own machine takes from its configuration, not from the admin API. */
const CONFIGURED_LOCALLY = ['name', 'driver', 'docker_host', 'tls', 'public_host', 'port_range'] as const;

/**
 * Checks a node's fields for a new node (`row` null: name, driver, docker_host, public_host and
 * port_range are required) or a change to `row` (only what is given). Cross-field rules use the
 * result merged with the row: a tcp:// engine needs TLS, a unix socket none.
 */
export function checkNodeFields(input: NodeInput, row: NodeRow | null, errors = new FieldErrors()): { fields: Partial<NodeFields>; errors: FieldErrors } {
  const fields: Partial<NodeFields> = {};
  const given = (key: keyof NodeInput) => input[key] !== undefined && !errors.has(key);
  const required = (key: keyof NodeInput) => {
    if (row === null && input[key] === undefined && !errors.has(key)) errors.add(key, 'This field is required.');
    return given(key);
  };
  if (row?.driver === 'local') {
    for (const key of CONFIGURED_LOCALLY) if (input[key] !== undefined) errors.add(key, 'The panel’s own machine takes this from its configuration (PANEL_PORT_RANGE, PANEL_GAME_HOST).');
  }
  if (required('name')) {
    if (validNodeName(input.name)) fields.name = input.name;
    else errors.add('name', 'Use 1 to 64 letters, digits, dots, dashes or underscores, starting with a letter or digit, and not only digits.');
  }
  if (given('location')) {
    if (typeof input.location === 'string' && input.location.trim().length <= 64) fields.location = input.location.trim();
    else errors.add('location', 'Use at most 64 characters.');
  }
  if (row === null && required('driver') && input.driver !== 'docker') errors.add('driver', 'Only docker nodes can be added (the local node is the panel’s own machine).');
  if (required('docker_host')) {
    const problem = typeof input.docker_host === 'string' ? engineAddressProblem(input.docker_host.trim()) : 'Enter the engine’s address.';
    if (problem) errors.add('docker_host', problem);
    else fields.dockerHost = (input.docker_host as string).trim();
  }
  if (given('tls')) fields.tls = input.tls === null ? null : checkTls(input.tls, errors);
  if (required('public_host')) {
    const problem = publicHostProblem(input.public_host);
    if (problem) errors.add('public_host', problem);
    else fields.publicHost = (input.public_host as string).trim();
  }
  if (required('port_range')) {
    const range = typeof input.port_range === 'string' ? parsePortRange(input.port_range) : null;
    if (range) fields.portRange = range;
    else errors.add('port_range', 'Enter a range such as 30000-30099 (ports 1024 to 65535, the first not above the last).');
  }
  if (given('memory_mb')) fields.memoryMb = checkSize('memory_mb', input.memory_mb, errors);
  if (given('disk_mb')) fields.diskMb = checkSize('disk_mb', input.disk_mb, errors);
  if (given('maintenance')) {
    if (typeof input.maintenance === 'boolean') fields.maintenance = input.maintenance;
    else errors.add('maintenance', 'Use true or false.');
  }
  checkEngineTls(input, row, fields, errors);
  return { fields, errors };
}

/** A tcp:// engine is only spoken to over mutual TLS (its API is root on that machine); a unix socket takes none. */
function checkEngineTls(input: NodeInput, row: NodeRow | null, fields: Partial<NodeFields>, errors: FieldErrors): void {
  if (row?.driver === 'local' || errors.has('docker_host') || errors.has('tls')) return;
  const address = fields.dockerHost ?? row?.dockerHost ?? '';
  const hasTls = fields.tls !== undefined ? fields.tls !== null : row?.tlsSealed != null;
  if (address.startsWith('tcp://') && !hasTls) errors.add('tls', 'A tcp:// engine is reached over mutual TLS only: give the CA, the client certificate and its key.');
  if (address.startsWith('unix://') && hasTls) {
    // A change to a unix socket drops certificates kept from before; ones given with it are a mistake.
    if (input.tls === undefined) fields.tls = null;
    else errors.add('tls', 'A unix socket takes no TLS certificates.');
  }
}
