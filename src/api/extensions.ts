import { extensionsApi } from './generated/extensions.gen';

export { extensionsApi };
export const {
  useGetServerExtensionsQuery,
  useSearchServerExtensionsQuery,
  useGetServerExtensionProjectQuery,
  usePlanServerExtensionInstallMutation,
  useInstallServerExtensionMutation,
  useUpdateServerExtensionMutation,
  useToggleServerExtensionMutation,
  useRemoveServerExtensionMutation,
} = extensionsApi;
export type { ExtensionsOverview, ExtensionSearch, ExtensionInstallPlan } from './generated/extensions.gen';
