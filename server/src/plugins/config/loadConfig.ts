import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FileLimits } from '../../services/files/fileLimits';
import type { S3StorageConfig } from '../../services/backups/S3BackupStorage';
import { connectSources } from '../../lib/connectSources';
import { parseDnsConfig, type DnsConfig } from '../../services/network/dns/dnsConfig';

/** Everything the panel reads from its environment, resolved once at start-up. */
export interface PanelConfig {
  port: number;
  host: string;
  /** Absolute path of the data directory (embedded database, server files, secret). */
  dataDir: string;
  /** PostgreSQL connection string; absent means the embedded PGlite database. */
  databaseUrl?: string;
  /** Key for signing cookies and tickets; generated and kept in the data dir when absent. */
  secret: string;
  /** Origins allowed to open websockets and send cookie-authenticated requests (besides our own). */
  allowedOrigins: string[];
  /** Directory with the built SPA (served by the API server when present). */
  clientDir: string;
  /**
   * Origins the web app connects to besides the panel's own (PANEL_API_HOST, TRANSLATIONS_HOST,
   * as the web app is built with), with their websocket forms: the CSP's connect-src.
   */
  connectSources: string[];
  /** Whether demo data is created on first start. */
  demoData: boolean;
  /**
   * Which proxies' X-Forwarded-For is believed (PANEL_TRUST_PROXY): false by default, so a client
   * cannot choose its own IP; behind a reverse proxy set it to the proxy's address(es) or "true",
   * or every customer shares the proxy's IP in rate limits and the audit log.
   */
  trustProxy: boolean | string[];
  /** The panel's public address for links in mails (PANEL_URL); else the address a request reached. */
  publicUrl?: string;
  /** SMTP server for mails (SMTP_URL, e.g. smtps://user:pass@mail.example.com:465); else .eml files in <dataDir>/outbox. */
  smtpUrl?: string;
  /**
   * Redis for rate-limit counters shared by several panel processes (PANEL_REDIS_URL, e.g.
   * redis://cache:6379/0); without it each process counts in memory.
   */
  redisUrl?: string;
  /** Sender of the panel's mails (MAIL_FROM). */
  mailFrom: string;
  /** Log level for pino; 'silent' in tests. */
  logLevel: string;
  /** Ports handed to game servers on the local node (PANEL_PORT_RANGE, e.g. "25565-25665"). */
  portRange: { start: number; end: number };
  /** Address game servers of the local node listen on (PANEL_GAME_IP). */
  gameIp: string;
  /** Address shown to customers for the local node (PANEL_GAME_HOST; defaults to gameIp). */
  gamePublicHost: string;
  /**
   * Hosts a pull from a URL may reach even on loopback or private addresses
   * (PANEL_PULL_ALLOW_HOSTS, comma-separated host names or addresses; empty in production).
   */
  pullAllowHosts: string[];
  /** Limits of the file manager (sizes, counts, timeouts); defaults in files/fileLimits.ts. */
  fileLimits?: Partial<FileLimits>;
  /** DNS zones for customers' subdomains and the service that writes them (PANEL_DNS_*); absent: no subdomains. */
  dns?: DnsConfig;
  /**
   * Where the software catalogue's APIs are (PANEL_CATALOGUE_URL): absent means the public APIs
   * (Mojang, PaperMC ...); a URL points every API at one local catalogue server; "local" starts
   * the recorded local catalogue inside the panel (offline demo).
   */
  catalogueUrl?: string;
  /** CurseForge's API key (PANEL_CURSEFORGE_API_KEY): the extensions area searches CurseForge only with it. */
  curseforgeApiKey?: string;
  /** S3-compatible storage for backups (PANEL_BACKUP_S3_*); absent means the local disk. */
  backupS3?: S3StorageConfig;
  /**
   * Run game servers without a sandbox where none can be made (PANEL_UNSAFE_NO_SANDBOX=true): a
   * customer's code could then read the panel's data and other servers. Off by default.
   */
  unsafeNoSandbox: boolean;
  /**
   * Give each game server with a disk limit a file system of its own, the size of its plan
   * (PANEL_DISK_IMAGES, default true), so the kernel holds the quota where the panel runs as root
   * with loop devices; false (or a host without them) leaves the panel's polled quota alone.
   */
  diskImages: boolean;
  /**
   * How plan changes are paid (PANEL_BILLING_*): 'instant' applies them at once after the
   * customer's confirmation (self-hosted panels, the demo); 'external' hands them to a billing
   * system (signed redirect, signed webhook). Absent means instant.
   */
  billing?: BillingConfig;
  /** Timings of the game-server runtime; defaults suit production, tests shorten them. */
  runtimeTuning?: {
    statsIntervalMs?: number;
    diskMaxAgeMs?: number;
    crashBackoffMs?: number;
    maxCrashRestarts?: number;
    playerQueryIntervalMs?: number;
  };
}

/** The billing hand-off (see README, "Plans and billing"). */
export interface BillingConfig {
  provider: 'instant' | 'external';
  /** Where customers are sent to pay (PANEL_BILLING_URL); external only. */
  url?: string;
  /** Shared HMAC-SHA256 key of redirects and webhooks (PANEL_BILLING_SECRET); external only. */
  secret?: string;
  /** How long a pending order (and its signed redirect) stays valid (PANEL_BILLING_ORDER_TTL_MINUTES, default 60). */
  orderTtlMinutes: number;
  /** How old a webhook's timestamp may be (PANEL_BILLING_WEBHOOK_TOLERANCE_SECONDS, default 300). */
  webhookToleranceSeconds: number;
}

function parseBilling(env: NodeJS.ProcessEnv): BillingConfig {
  const provider = (env.PANEL_BILLING_PROVIDER ?? 'instant').trim();
  if (provider !== 'instant' && provider !== 'external') throw new Error(`PANEL_BILLING_PROVIDER must be instant or external, got "${provider}"`);
  const config: BillingConfig = {
    provider,
    url: env.PANEL_BILLING_URL?.trim() || undefined,
    secret: env.PANEL_BILLING_SECRET || undefined,
    orderTtlMinutes: Number(env.PANEL_BILLING_ORDER_TTL_MINUTES ?? 60),
    webhookToleranceSeconds: Number(env.PANEL_BILLING_WEBHOOK_TOLERANCE_SECONDS ?? 300),
  };
  if (provider === 'external' && (!config.url || !config.secret || config.secret.length < 16)) {
    throw new Error('PANEL_BILLING_PROVIDER=external needs PANEL_BILLING_URL and PANEL_BILLING_SECRET (at least 16 characters).');
  }
  return config;
}

function parsePortRange(value: string): { start: number; end: number } {
  const match = /^(\d+)\s*-\s*(\d+)$/.exec(value.trim());
  const start = Number(match?.[1]);
  const end = Number(match?.[2]);
  if (!match || start < 1 || end > 65535 || start > end) throw new Error(`PANEL_PORT_RANGE must look like 25565-25665, got "${value}"`);
  return { start, end };
}

function parseTrustProxy(value: string | undefined): boolean | string[] {
  const text = (value ?? '').trim();
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/** PANEL_BACKUP_S3_BUCKET turns S3 storage on; the other PANEL_BACKUP_S3_* variables complete it. */
function parseBackupS3(env: NodeJS.ProcessEnv): S3StorageConfig | undefined {
  const bucket = env.PANEL_BACKUP_S3_BUCKET?.trim();
  if (!bucket) return undefined;
  return {
    bucket,
    endpoint: env.PANEL_BACKUP_S3_ENDPOINT?.trim() || undefined,
    region: env.PANEL_BACKUP_S3_REGION?.trim() || 'us-east-1',
    accessKeyId: env.PANEL_BACKUP_S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.PANEL_BACKUP_S3_SECRET_ACCESS_KEY || undefined,
    prefix: env.PANEL_BACKUP_S3_PREFIX ?? '',
    forcePathStyle: env.PANEL_BACKUP_S3_FORCE_PATH_STYLE !== 'false',
  };
}

function readOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'panel-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('hex');
  // mode 0600: the secret signs every cookie and ticket.
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** Reads PORT, HOST, PANEL_DATA_DIR, DATABASE_URL, PANEL_SECRET and friends. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<PanelConfig> = {}): PanelConfig {
  const dataDir = resolve(overrides.dataDir ?? env.PANEL_DATA_DIR ?? './data');
  // Private to the panel's user (server.ts also fixes an existing directory's modes).
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    secret: env.PANEL_SECRET || readOrCreateSecret(dataDir),
    allowedOrigins: (env.PANEL_ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    clientDir: resolve(env.PANEL_CLIENT_DIR ?? './dist'),
    connectSources: connectSources([env.PANEL_API_HOST, env.TRANSLATIONS_HOST]),
    demoData: env.PANEL_DEMO_DATA !== 'false',
    trustProxy: parseTrustProxy(env.PANEL_TRUST_PROXY),
    publicUrl: env.PANEL_URL?.trim().replace(/\/+$/, '') || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    redisUrl: env.PANEL_REDIS_URL?.trim() || undefined,
    mailFrom: env.MAIL_FROM || 'Game Panel <no-reply@localhost>',
    logLevel: env.LOG_LEVEL ?? 'info',
    portRange: parsePortRange(env.PANEL_PORT_RANGE ?? '25565-25665'),
    gameIp: env.PANEL_GAME_IP ?? '127.0.0.1',
    gamePublicHost: env.PANEL_GAME_HOST ?? env.PANEL_GAME_IP ?? '127.0.0.1',
    backupS3: parseBackupS3(env),
    dns: parseDnsConfig(env),
    catalogueUrl: env.PANEL_CATALOGUE_URL?.trim() || undefined,
    curseforgeApiKey: env.PANEL_CURSEFORGE_API_KEY?.trim() || undefined,
    unsafeNoSandbox: env.PANEL_UNSAFE_NO_SANDBOX === 'true',
    diskImages: env.PANEL_DISK_IMAGES !== 'false',
    billing: parseBilling(env),
    pullAllowHosts: (env.PANEL_PULL_ALLOW_HOSTS ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    ...overrides,
  };
}
