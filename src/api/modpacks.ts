import { modpacksApi as generatedModpacksApi } from './generated/modpacks.gen';

/** Cache tag of a server's modpack overview (id: the server's id as in the address). */
const MODPACKS = 'ServerModpacks' as const;

/** The modpacks endpoints: an install refetches the overview (installed pack, update, job). */
export const modpacksApi = generatedModpacksApi.enhanceEndpoints({
  addTagTypes: [MODPACKS],
  endpoints: {
    getServerModpacks: { providesTags: (_r, _e, { id }) => [{ type: MODPACKS, id }] },
    installServerModpack: { invalidatesTags: (_result, error, { id }) => (error ? [] : [{ type: MODPACKS, id }]) },
  },
});

export const { useGetServerModpacksQuery, useSearchServerModpacksQuery, useListServerModpackVersionsQuery, useInstallServerModpackMutation } = modpacksApi;
export type { ModpackSearch, ModpackVersions, ModpacksOverview } from './generated/modpacks.gen';
