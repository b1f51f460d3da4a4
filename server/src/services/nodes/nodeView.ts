import type { NodeJson } from '../../schemas/nodes';
import type { NodeView } from './nodeAdmin';

/** A node as the admin API and the CLI show it: whether it has TLS material, never the material. */
export function nodeJson({ row, usage, state }: NodeView): NodeJson {
  return {
    id: row.id,
    uuid: row.uuid,
    name: row.name,
    location: row.location,
    driver: row.driver,
    docker_host: row.dockerHost,
    tls: row.tlsSealed !== null,
    public_host: row.publicHost,
    port_range: `${row.portRangeStart}-${row.portRangeEnd}`,
    memory_mb: row.memoryMb,
    disk_mb: row.diskMb,
    maintenance: row.maintenance,
    state,
    servers: usage.servers,
    allocated_memory_mb: usage.memoryMb,
    allocated_disk_mb: usage.diskMb,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
