import { launchersDir } from './install/runInstallStep';
import type { InstallStep, ResourceLimits, ServerSpec } from './types';
import type { TemplateDefinition } from '../games/templates/TemplateDefinition';
import { renderPlaceholders, shellQuote } from '../games/templates/shellQuote';

export interface ServerSpecInput {
  uuid: string;
  template: TemplateDefinition;
  /** The server's own variable values (only keys the template declares are used). */
  variables: Record<string, string>;
  limits: ResourceLimits;
  primary: { ip: string; port: number };
  /** Ports of the template's extra ports, by name (query → 27015). */
  extraPorts: Record<string, number>;
  /**
   * Ports the customer added on the network page: the game sees them as SERVER_EXTRA_PORTS
   * (comma-separated) and EXTRA_PORT_1, EXTRA_PORT_2 ... (environment and {{placeholders}}).
   */
  additionalPorts?: number[];
  /** The server's folder as the game sees it. */
  root: string;
  /** Node and our launchers folder as the game sees them (default: this process's, unsandboxed). */
  node?: string;
  launchers?: string;
  /** The node the server is placed on (the runtime runs it with that node's driver). */
  nodeId?: number | null;
}

/** Template variables with the server's values over the defaults. */
export function variableValues(template: TemplateDefinition, variables: Record<string, string>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const variable of template.variables) values[variable.key] = variables[variable.key] ?? variable.default;
  return values;
}

function renderStep(step: InstallStep, values: Record<string, string>): InstallStep {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(step)) {
    if (typeof value === 'string') out[key] = renderPlaceholders(value, values);
    else if (value && typeof value === 'object') {
      out[key] = Object.fromEntries(Object.entries(value as Record<string, string>).map(([k, v]) => [k, renderPlaceholders(v, values)]));
    } else out[key] = value;
  }
  return out as InstallStep;
}

/** Fills a template in for one server: the spec a runtime driver runs. */
export function buildServerSpec(input: ServerSpecInput): ServerSpec {
  const { template, limits } = input;
  const values: Record<string, string> = {
    ...variableValues(template, input.variables),
    SERVER_MEMORY: String(limits.memoryMb),
    SERVER_PORT: String(input.primary.port),
    SERVER_IP: input.primary.ip,
    NODE_HEAP_MB: String(Math.max(64, Math.floor(limits.memoryMb * 0.75))),
    NODE: input.node ?? process.execPath,
    LAUNCHERS: input.launchers ?? launchersDir,
    ROOT: input.root,
  };
  for (const name of template.extraPorts) values[`${name.toUpperCase()}_PORT`] = String(input.extraPorts[name] ?? '');
  const additional = input.additionalPorts ?? [];
  values.SERVER_EXTRA_PORTS = additional.join(',');
  additional.forEach((port, index) => (values[`EXTRA_PORT_${index + 1}`] = String(port)));
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
    HOME: input.root,
    LANG: 'C.UTF-8',
    ...Object.fromEntries(Object.entries(values).filter(([key]) => !['NODE', 'LAUNCHERS'].includes(key))),
  };
  for (const [key, value] of Object.entries(template.env)) env[key] = renderPlaceholders(value, values);
  return {
    uuid: input.uuid,
    ...(input.nodeId != null ? { nodeId: input.nodeId } : {}),
    startCommand: renderPlaceholders(template.startCommand, values, shellQuote),
    ...(template.image ? { image: template.image } : {}),
    env,
    doneRegex: template.doneRegex,
    stop: template.stop,
    stopTimeoutMs: template.stopTimeoutMs,
    limits,
    allocation: { ...input.primary, protocol: template.portProtocol },
    extraPorts: {
      ...Object.fromEntries(template.extraPorts.filter((name) => input.extraPorts[name] !== undefined).map((name) => [name, input.extraPorts[name]])),
      ...Object.fromEntries(additional.map((port, index) => [`extra_${index + 1}`, port])),
    },
    install: template.install.map((step) => renderStep(step, values)),
    managedConfig: template.configFiles.map((file) => ({
      path: file.path,
      format: file.format,
      ...(file.escaping ? { escaping: file.escaping } : {}),
      ...(file.initial !== undefined ? { initial: file.initial } : {}),
      values: Object.fromEntries(Object.entries(file.managed).map(([k, v]) => [k, renderPlaceholders(v, values)])),
    })),
    ...(template.configRewrites?.length
      ? {
          configRewrites: template.configRewrites.map((rewrite) => ({
            ...rewrite,
            replacements: rewrite.replacements.map((replacement) => ({ ...replacement, value: renderPlaceholders(replacement.value, values) })),
          })),
        }
      : {}),
  };
}
