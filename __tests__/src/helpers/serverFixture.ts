import type { Server, ServerResources } from '../../../src/api/servers';

/** A server as GET /api/v2/servers/{id} answers it for its owner. */
export function makeServer(overrides: Partial<Server> = {}): Server {
  return {
    uuid: '0f8e4c55-3d1a-4f0e-9a55-6b1c2d3e4f50',
    identifier: 's1',
    name: 'Survival world',
    description: 'Our friends server',
    is_owner: true,
    owner: { uuid: '5b0f3c3e-2f7e-4a8e-9d3c-1f2e3d4c5b6a', username: 'steve' },
    game: { slug: 'minecraft', name: 'Minecraft' },
    template: { slug: 'minecraft-flying-squid', name: 'Minecraft (flying-squid)' },
    plan: { slug: 'minecraft-budget', name: 'Budget', tier: 'budget', limits: { memory_mb: 2048, cpu_percent: 200, disk_mb: 5120, backups: 2, databases: 1, extra_ports: 0 } },
    node: 'local',
    allocation: { ip: '127.0.0.1', port: 25565, host: 'play.example.com' },
    state: 'offline',
    status: null,
    install_error: null,
    suspended: false,
    suspension_reason: null,
    sleeping: false,
    permissions: ['control.console', 'control.start', 'control.stop', 'control.restart', 'websocket.connect'],
    created_at: '2024-01-02T03:04:05.000Z',
    updated_at: '2024-01-02T03:04:05.000Z',
    ...overrides,
  };
}

const MiB = 1024 * 1024;

/** A resource sample as the `stats` event carries it. */
export function makeStats(overrides: Partial<ServerResources> = {}): ServerResources {
  return {
    state: 'running',
    cpu_absolute: 25,
    cpu_limit: 200,
    cpu_limited: false,
    memory_bytes: 512 * MiB,
    memory_limit_bytes: 2048 * MiB,
    disk_bytes: 100 * MiB,
    disk_limit_bytes: 5120 * MiB,
    network_rx_bytes: 10_000,
    network_tx_bytes: 20_000,
    network_protocol: 'tcp',
    uptime_ms: 3_725_000,
    players: { online: 1, max: 20, sample: ['Alex'] },
    isolation: { sandboxed: true, kernel_limits: true, host_network_blocked: true, kernel_disk_quota: true },
    ...overrides,
  };
}
