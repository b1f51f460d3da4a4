import { useParams } from 'react-router-dom';
import { useGetServerQuery } from '../../api/servers';

/**
 * The server of the current /server/{id}/… page and the permission keys the caller holds on it
 * (GET /servers/{id} lists them), so pages hide or disable what the caller may not do.
 */
export function useServerAccess() {
  const { id = '' } = useParams();
  const query = useGetServerQuery({ id });
  const permissions = query.data?.data.permissions ?? [];
  return {
    id,
    ...query,
    server: query.data?.data,
    permissions,
    /** Whether the caller holds `key` on this server. */
    can: (key: string) => permissions.includes(key),
  };
}
