/**
 * The shape of the panel's configuration: everything it reads from its environment, resolved once
 * at start-up by plugins/config/loadConfig. It sits below every room that is given a part of it
 * (services, runtime, plugins), so none of them imports the plugin that reads it.
 */

/** Everything the panel reads from its environment, resolved once at start-up. */
export interface PanelConfig {
  port: number;
  host: string;
  /** Absolute path of the data directory (embedded database, server files, secret). */
  dataDir: string;
  /** The SFTP door to servers' files (see SftpConfig). */
  sftp: SftpConfig;
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
   * redis://cache:6379/0); without it each process counts in memory. With PostgreSQL too
   * (DATABASE_URL), the processes also share the game servers (README "Several panel processes").
   */
  redisUrl?: string;
  /** How long the process running the game servers may go silent before another takes over (PANEL_CLUSTER_LEASE_MS, 15 s). */
  clusterLeaseMs: number;
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
  /**
   * Whether anyone may create an account (PANEL_SIGNUP_OPEN, default true): the sign-up form, and
   * a first social login by someone the panel does not know.
   */
  signupOpen: boolean;
  /** Whether customers may order servers themselves (PANEL_ORDERING on|off, default on); the admin settings override it at run time. */
  ordering: boolean;
  /** Orders a customer may place (PANEL_ORDER_LIMIT_PER_USER, default 3; failed orders do not count); overridden at run time likewise. */
  orderLimitPerUser: number;
  /** The name the panel shows for itself (PANEL_BRAND_NAME); absent: "Game Panel" in the reader's language. */
  brandName?: string;
  /** A logo shown beside the name (PANEL_BRAND_LOGO_URL, https or a path on the panel). */
  brandLogoUrl?: string;
  /** Social-login providers (PANEL_OAUTH_PROVIDERS and PANEL_OAUTH_<ID>_*, see the README); empty: none. */
  oauthProviders: OAuthProviderConfig[];
  /** Timings of the game-server runtime; defaults suit production, tests shorten them. */
  runtimeTuning?: {
    statsIntervalMs?: number;
    diskMaxAgeMs?: number;
    crashBackoffMs?: number;
    playerQueryIntervalMs?: number;
    /** How often every node's engine is pinged (default 10 s: an engine gone shows offline within 30 s). */
    nodeCheckIntervalMs?: number;
  };
  /**
   * Hosts a webhook may reach even on loopback or private addresses (PANEL_WEBHOOK_ALLOW_HOSTS,
   * comma-separated host names or addresses, as PANEL_PULL_ALLOW_HOSTS for pulls; empty in production).
   */
  webhookAllowHosts: string[];
  /** At most one notification mail per user, server and event in this window (default 10 minutes; tests shorten it). */
  notificationMailWindowMs?: number;
  /**
   * Timings of what events trigger (resource thresholds, schedules run when a server has been
   * empty); tests shorten a "minute" to make minutes pass in seconds.
   */
  eventTuning?: {
    /** How long one minute of a threshold or an empty server lasts (default 60 000 ms). */
    minuteMs?: number;
  };
  /** Timings of webhook deliveries; defaults in services/webhooks/deliveryTimings.ts, tests shorten them. */
  webhookTuning?: {
    /** Delays before the 2nd, 3rd ... attempt (default 10 s, 1 min, 5 min, 30 min: five attempts). */
    retryDelaysMs?: number[];
    /** How long one attempt may take, answer included (default 10 s). */
    timeoutMs?: number;
    /** Deliveries that may wait for one webhook; beyond, new ones are dropped and reported (default 1,000). */
    maxPendingPerHook?: number;
  };
}

/** One social-login provider as the host configured it (README, "Social login"). */
export interface OAuthProviderConfig {
  /** Lower-case id used in addresses and settings: discord, google, github or the host's own. */
  id: string;
  /** Discord, Google and GitHub have built-in endpoints; any other is an OpenID Connect issuer. */
  kind: 'discord' | 'google' | 'github' | 'oidc';
  /** Name on the buttons (PANEL_OAUTH_<ID>_NAME). */
  name: string;
  clientId: string;
  clientSecret: string;
  /** The issuer's discovery base (PANEL_OAUTH_<ID>_ISSUER), for kind oidc. */
  issuer?: string;
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

/** Limits of the file manager; the plan's disk quota applies on top of each. */
export interface FileLimits {
  /** Largest file the editor opens or saves (bigger ones are downloaded). */
  editorBytes: number;
  /** Largest single file of an upload. */
  uploadFileBytes: number;
  /** Most files in one upload request. */
  uploadFiles: number;
  /** Most folders one upload request may ask for by name (the empty folders of a folder uploaded whole). */
  uploadFolders: number;
  /** Entries of an archive, counted before anything is extracted. */
  extractEntries: number;
  /** Sum of the uncompressed sizes of an archive's entries, checked before extracting. */
  extractBytes: number;
  /** Largest download of a pull from a URL. */
  pullBytes: number;
  /** Whole time a pull may take (connect, redirects, body). */
  pullTimeoutMs: number;
  /** Pulls a user may start per server in `pullWindowMs`. */
  pullsPerWindow: number;
  pullWindowMs: number;
  /** Redirects a pull follows, each checked like the first address. */
  pullRedirects: number;
  /** Lifetime of a signed download URL. */
  downloadTokenMs: number;
  /** Results of one name search, and entries it looks at at most. */
  searchResults: number;
  searchVisited: number;
}

/** S3-compatible storage, from PANEL_BACKUP_S3_* (see the README). */
export interface S3StorageConfig {
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Key prefix, e.g. "panel/" (empty by default). */
  prefix: string;
  /** Path-style addresses (http://host/bucket/key), as most self-hosted S3 servers need. */
  forcePathStyle: boolean;
}

/** Where customers' subdomains live and how their records are written (PANEL_DNS_*). */
export interface DnsConfig {
  /** Zones customers pick a name under, lower case, without trailing dots (PANEL_DNS_ZONES). */
  zones: string[];
  /** TTL of the records written (PANEL_DNS_TTL, seconds, default 300). */
  ttl: number;
  provider: { kind: 'rfc2136'; server: string; port: number; key: { algorithm: string; name: string; secret: string } } | { kind: 'cloudflare'; apiToken: string; baseUrl?: string };
}

/** The SFTP server started with the panel (services/sftp). */
export interface SftpConfig {
  /** PANEL_SFTP_PORT (default 2022, on HOST); 0 takes a free port (tests), `off` turns SFTP off. */
  port: number | 'off';
  /** The address customers connect to (PANEL_SFTP_HOST); else PANEL_URL's host name, else HOST. */
  publicHost?: string;
  /** PANEL_SFTP_HOST_KEY: a file with the host's private key; else one generated once (ed25519) into the data directory. */
  hostKeyFile?: string;
}
