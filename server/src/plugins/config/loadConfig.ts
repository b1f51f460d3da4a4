import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { BillingConfig, PanelConfig, S3StorageConfig, SftpConfig } from '../../config/PanelConfig';
import { connectSources } from '../../lib/connectSources';
import { parseDnsConfig } from '../../services/network/dns/dnsConfig';
import { parseOAuthProviders } from '../../services/auth/oauth/oauthSettings';

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

/** PANEL_ORDERING (on|off) and PANEL_ORDER_LIMIT_PER_USER: the defaults the admin settings override. */
function parseOrdering(env: NodeJS.ProcessEnv): { ordering: boolean; orderLimitPerUser: number } {
  const ordering = (env.PANEL_ORDERING ?? 'on').trim();
  if (ordering !== 'on' && ordering !== 'off') throw new Error(`PANEL_ORDERING must be on or off, got "${ordering}"`);
  const limit = (env.PANEL_ORDER_LIMIT_PER_USER ?? '3').trim();
  if (!/^\d{1,4}$/.test(limit)) throw new Error(`PANEL_ORDER_LIMIT_PER_USER must be a whole number, got "${limit}"`);
  return { ordering: ordering === 'on', orderLimitPerUser: Number(limit) };
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

/** PANEL_SFTP_PORT, PANEL_SFTP_HOST and PANEL_SFTP_HOST_KEY. */
function parseSftp(env: NodeJS.ProcessEnv): SftpConfig {
  const text = (env.PANEL_SFTP_PORT ?? '2022').trim();
  const port = Number(text);
  if (text !== 'off' && (!/^\d+$/.test(text) || port > 65535)) throw new Error(`PANEL_SFTP_PORT must be a port number or off, got "${text}"`);
  return { port: text === 'off' ? 'off' : port, publicHost: env.PANEL_SFTP_HOST?.trim() || undefined, hostKeyFile: env.PANEL_SFTP_HOST_KEY?.trim() || undefined };
}

function readOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'panel-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('hex');
  // mode 0600: the secret signs every cookie and ticket.
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** The runtime lease's time: at least a second (renewed every third of it), 15 s when unset. */
function parseLeaseMs(text: string | undefined): number {
  if (!text) return 15_000;
  const ms = Number(text);
  if (!Number.isInteger(ms) || ms < 1000) throw new Error(`PANEL_CLUSTER_LEASE_MS must be a whole number of milliseconds, at least 1000, got "${text}"`);
  return ms;
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
    sftp: parseSftp(env),
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
    clusterLeaseMs: parseLeaseMs(env.PANEL_CLUSTER_LEASE_MS),
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
    signupOpen: env.PANEL_SIGNUP_OPEN !== 'false',
    ...parseOrdering(env),
    brandName: env.PANEL_BRAND_NAME?.trim() || undefined,
    brandLogoUrl: env.PANEL_BRAND_LOGO_URL?.trim() || undefined,
    oauthProviders: parseOAuthProviders(env),
    pullAllowHosts: (env.PANEL_PULL_ALLOW_HOSTS ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    webhookAllowHosts: (env.PANEL_WEBHOOK_ALLOW_HOSTS ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    ...overrides,
  };
}
