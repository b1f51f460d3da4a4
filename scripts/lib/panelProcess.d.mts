/** A panel started by {@link startPanel}. */
export interface PanelProcess {
  baseUrl: string;
  port: number;
  dataDir: string;
  logFile: string;
  pid: number;
  stop(): Promise<void>;
  /** Kills it at once (SIGKILL, no shutdown of its own). */
  kill(): Promise<void>;
}

export function freePort(): Promise<number>;
export function killLeftovers(dataDir: string): void;
export function startPanel(options?: { env?: Record<string, string>; logFile?: string; timeoutMs?: number; dataDir?: string; entry?: string; root?: string }): Promise<PanelProcess>;
