import type { ServerResources } from '../../runtime/ServerEventHub';
import type { ThresholdResource } from '../../schemas/thresholds';

/**
 * A resource's use in percent of the plan's limit, as the overview's tiles show it. CPU without a
 * plan limit counts against one core; memory and disk without a limit cannot be judged (null).
 */
export function percentOfPlan(resource: ThresholdResource, resources: ServerResources): number | null {
  switch (resource) {
    case 'cpu':
      return resources.cpuLimitPercent > 0 ? (resources.cpuPercent / resources.cpuLimitPercent) * 100 : resources.cpuPercent;
    case 'memory':
      return resources.memoryLimitBytes > 0 ? (resources.memoryBytes / resources.memoryLimitBytes) * 100 : null;
    case 'disk':
      return resources.diskLimitBytes > 0 ? (resources.diskBytes / resources.diskLimitBytes) * 100 : null;
  }
}
