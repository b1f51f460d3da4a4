import { versionsApi as generatedVersionsApi } from './generated/versions.gen';
import { setupsApi as generatedSetupsApi } from './generated/setups.gen';

/** Cache tag of a server's versions overview and job (id: the server's id as in the address). */
const VERSIONS = 'ServerVersions' as const;
const invalidate = (_result: unknown, error: unknown, { id }: { id: string }) => (error ? [] : [{ type: VERSIONS, id }]);

/** The versions endpoints: a switch or an applied setup refetches the overview and the job. */
export const versionsApi = generatedVersionsApi.enhanceEndpoints({
  addTagTypes: [VERSIONS],
  endpoints: {
    getServerVersions: { providesTags: (_r, _e, { id }) => [{ type: VERSIONS, id }] },
    getServerVersionJob: { providesTags: (_r, _e, { id }) => [{ type: VERSIONS, id }] },
    switchServerVersion: { invalidatesTags: invalidate },
  },
});

export const setupsApi = generatedSetupsApi.enhanceEndpoints({
  addTagTypes: [VERSIONS],
  endpoints: {
    previewServerSetup: { providesTags: (_r, _e, { id }) => [{ type: VERSIONS, id }], keepUnusedDataFor: 0 },
    applyServerSetup: { invalidatesTags: invalidate },
  },
});

export const { useGetServerVersionsQuery, useGetServerVersionJobQuery, useListServerSoftwareVersionsQuery, useSwitchServerVersionMutation } = versionsApi;
export const { useListServerSetupsQuery, usePreviewServerSetupQuery, useApplyServerSetupMutation } = setupsApi;
export type { SoftwareVersions, VersionsOverview } from './generated/versions.gen';
export type { Setup, SetupPreview } from './generated/setups.gen';
