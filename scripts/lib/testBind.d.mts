/** A running BIND for tests: its port, the zone it serves and the TSIG key that may update it. */
export interface TestBind {
  port: number;
  zone: string;
  /** TSIG key as PANEL_DNS_TSIG_KEY takes it: `hmac-sha256:<name>:<base64 secret>`. */
  tsigKey: string;
  /** Environment for a panel that writes to this BIND (PANEL_DNS_*). */
  env: Record<string, string>;
  stop(): Promise<void>;
}
export function ensureBindPackages(): void;
export function startTestBind(zone?: string): Promise<TestBind>;
