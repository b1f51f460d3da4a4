import { useGetServerResourcesQuery } from '../../api/servers';
import type { DiskSpace } from './upload/uploadQuota';

const MiB = 1024 * 1024;

/**
 * The server's disk as uploads are checked against it: the limit and use the resources API
 * measures, or the plan's limit alone while that has not answered.
 */
export function useDiskSpace(serverId: string, planDiskMb: number): DiskSpace {
  const { data } = useGetServerResourcesQuery({ id: serverId });
  if (data) return { limitBytes: data.data.disk_limit_bytes, usedBytes: data.data.disk_bytes };
  return { limitBytes: planDiskMb * MiB, usedBytes: null };
}
