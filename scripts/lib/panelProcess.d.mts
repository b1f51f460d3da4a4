/** A panel started by {@link startPanel}. */
export interface PanelProcess {
  baseUrl: string;
  port: number;
  dataDir: string;
  logFile: string;
  pid: number;
  stop(): Promise<void>;
}

export function freePort(): Promise<number>;
export function killLeftovers(dataDir: string): void;
export function startPanel(options?: { env?: Record<string, string>; logFile?: string; timeoutMs?: number }): Promise<PanelProcess>;
