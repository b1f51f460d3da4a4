import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useListPermissionKeysQuery } from '../../../api/servers';

/** The scope that stands for every permission key ending in `.read`. */
export const READ_ONLY_SCOPE = 'read-only';
/** Group nodes of the picker carry this prefix; only keys (the leaves) and `read-only` are scopes. */
export const GROUP_NODE = 'group:';

/** One node of the scope picker's tree. */
export interface ScopeNode {
  title: string;
  value: string;
  children?: ScopeNode[];
}

/**
 * The scopes a key can be given, as a tree for the picker: `read-only`, then each area of
 * permission keys (the keys roles are made of), titled in the reader's language.
 */
export function useScopeTree(open: boolean): { tree: ScopeNode[]; loading: boolean } {
  const { t } = useTranslation();
  const groups = useListPermissionKeysQuery(undefined, { skip: !open });
  const tree = useMemo(() => {
    const areas = (groups.data?.data ?? []).map((group) => ({
      // The permission texts are the sharing screens' own (permissions.<group>.title, permissions.<key>).
      title: t(`permissions.${group.group}.title`, group.group), // i18n-ignore
      value: `${GROUP_NODE}${group.group}`,
      children: group.keys.map(({ key, description }) => ({ title: `${key}: ${t(`permissions.${key}`, description)}`, value: key })), // i18n-ignore
    }));
    return [{ title: t('apiKeys.scopes.readOnly', 'read-only: everything that only reads (every *.read permission)'), value: READ_ONLY_SCOPE }, ...areas];
  }, [groups.data, t]);
  return { tree, loading: groups.isFetching };
}
