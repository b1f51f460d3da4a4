import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerSpec } from '../../types';
import { Sandbox } from './Sandbox';
import type { SandboxUsers } from './sandboxUsers';
import { HostFirewall } from './hostFirewall';

export interface HostIsolationOptions {
  dataDir: string;
  log?: Pick<FastifyBaseLogger, 'warn' | 'info'>;
  /** Run game servers even where no sandbox can be made (PANEL_UNSAFE_NO_SANDBOX=true). */
  unsafeNoSandbox?: boolean;
  /** Keep sandboxes off the host's own services with the panel's nftables table (default true). */
  hostFirewall?: boolean;
  /** Plain child processes (no bubblewrap, no cgroup): only for measuring the sandbox's cost. */
  sandboxOff?: boolean;
}

/** How this host keeps game servers apart from itself, and why not where it cannot. */
export interface HostIsolationReport {
  sandboxed: boolean;
  kernelLimits: boolean;
  problem: string | null;
  hostNetworkBlocked: boolean;
  networkProblem: string | null;
}

/**
 * What this machine offers to keep game servers apart from it: the sandbox (bubblewrap, cgroups,
 * network namespaces), looked for once, and the nftables rule that keeps sandboxes off the host's
 * own addresses, each server allowed exactly its own ports.
 */
export class HostIsolation {
  private found: Promise<Sandbox> | null = null;
  /** The sandbox, once `open` has looked at the host. */
  private sandboxNow: Sandbox | null = null;
  /** The rule keeping sandboxes off the host's own services, once `open` tried to install it. */
  private firewall: HostFirewall | null = null;
  private firewallProblem: string | null = 'the panel has not looked yet.';

  constructor(
    private readonly options: HostIsolationOptions,
    private readonly users: SandboxUsers,
  ) {}

  /** The sandbox of this host, looked for once. */
  sandbox(): Promise<Sandbox> {
    this.found ??= Sandbox.detect({ dataDir: this.options.dataDir, unsafeNoSandbox: this.options.unsafeNoSandbox ?? false, off: this.options.sandboxOff }).then((found) => {
      this.sandboxNow = found;
      return found;
    });
    return this.found;
  }

  /** The sandbox, if it was looked for already. */
  get current(): Sandbox | null {
    return this.sandboxNow;
  }

  /** Looks at the host, says in the log how servers run, and installs what keeps them off it. */
  async open(): Promise<void> {
    const sandbox = await this.sandbox();
    if (sandbox.isolated && sandbox.isRoot) await this.openWayToServers();
    const { problem, cgroups } = sandbox.report;
    const log = this.options.log;
    if (problem === null) log?.info({ cgroups: cgroups?.version }, 'game servers run sandboxed (bubblewrap, cgroups)');
    else if (this.options.unsafeNoSandbox) log?.warn({ problem }, 'PANEL_UNSAFE_NO_SANDBOX=true: game servers run WITHOUT a (complete) sandbox');
    else log?.warn({ problem }, 'game servers cannot be sandboxed on this host; starting them is refused');
    await this.guardHostNetwork(sandbox);
  }

  /**
   * bubblewrap runs as the server's user and resolves the server's folder on the host: the data
   * dir and its servers folder get execute (pass-through) for others, never read. What is in
   * them stays closed (the secret and runtime files are 0600/0700, each server's folder 0700
   * and its own user's), and only the sandbox's wrapper and bubblewrap run as those users outside
   * a sandbox.
   */
  private async openWayToServers(): Promise<void> {
    for (const dir of [this.options.dataDir, join(this.options.dataDir, 'servers')]) {
      const { mode } = await fs.stat(dir);
      if ((mode & 0o001) === 0) await fs.chmod(dir, (mode & 0o7777) | 0o001);
    }
  }

  /** Installs the rule that keeps sandboxes off the host's own addresses, or records why it cannot. */
  private async guardHostNetwork(sandbox: Sandbox): Promise<void> {
    if (this.firewall) return;
    if (!sandbox.isolated) this.firewallProblem = 'game servers do not run sandboxed here.';
    else if (this.options.hostFirewall === false) this.firewallProblem = 'turned off for this driver.';
    else {
      const firewall = await HostFirewall.install();
      this.firewallProblem = firewall.report.problem;
      if (firewall.report.active) this.firewall = firewall;
      else
        // Tried again in the background until `nft` can be installed; the log says where it stands.
        void HostFirewall.installLater().then((later) => {
          if (!later) return;
          this.firewall = later;
          this.firewallProblem = null;
        });
    }
    const log = this.options.log;
    if (sandbox.ownNetwork) log?.info("game servers run in network namespaces of their own (pasta): the host's loopback and abstract sockets are out of their reach");
    if (this.firewall) log?.info("game servers cannot connect to the host's own addresses (nftables table inet panel_sandbox)");
    else if (sandbox.ownNetwork) log?.warn({ problem: this.firewallProblem }, "game servers can reach the host's other addresses through their network namespace (no nftables rule)");
    else log?.warn({ problem: this.firewallProblem }, "game servers can connect to the host's own services (the panel's port, loopback services)");
  }

  /** Lets a server reach its own ports on the host, the rest of the host staying closed to it. */
  async allowOwnPorts(spec: ServerSpec): Promise<void> {
    if (!this.firewall) return;
    await this.firewall.allow(await this.users.uidOf(spec.uuid), [spec.allocation.port, ...Object.values(spec.extraPorts)]);
  }

  /** Whether the game servers run sandboxed, and why not (null before `open` looked). */
  report(): HostIsolationReport | null {
    const sandbox = this.sandboxNow;
    return (
      sandbox && {
        sandboxed: sandbox.isolated,
        kernelLimits: sandbox.cgroups !== null,
        problem: sandbox.report.problem,
        // Its own network namespace keeps a game off the host's loopback (the panel's port, local
        // services) and abstract sockets; the nftables rule is the second layer, for the host's
        // other addresses. Without a namespace only the rule holds, and never for abstract sockets.
        hostNetworkBlocked: sandbox.ownNetwork,
        networkProblem: sandbox.ownNetwork ? (this.firewall ? null : this.firewallProblem) : (sandbox.report.problem ?? this.firewallProblem),
      }
    );
  }
}
