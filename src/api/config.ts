import { configApi as generatedConfigApi } from './generated/config.gen';

/** Cache tag of the list of a server's config files (id: the server's id as in the address). */
const FILES = 'ServerConfigFiles' as const;
/** Cache tag of one config file (id: `<server>:<path>`). */
const FILE = 'ServerConfigFile' as const;

/**
 * The config endpoints with precise cache tags: a save refetches that file (its form and raw
 * text) and the list (a file may now exist), nothing else. A config file can also change through
 * the files area or the game itself, so an unused copy is dropped at once and never shown again.
 */
export const configApi = generatedConfigApi.enhanceEndpoints({
  addTagTypes: [FILES, FILE],
  endpoints: {
    listServerConfigFiles: {
      providesTags: (_result, _error, { id }) => [{ type: FILES, id }],
      keepUnusedDataFor: 0,
    },
    getServerConfigFile: {
      providesTags: (_result, _error, { id, path }) => [{ type: FILE, id: `${id}:${path}` }],
      keepUnusedDataFor: 0,
    },
    updateServerConfigFile: {
      invalidatesTags: (_result, error, { id, path }) =>
        error
          ? []
          : [
              { type: FILE, id: `${id}:${path}` },
              { type: FILES, id },
            ],
    },
  },
});

export const { useListServerConfigFilesQuery, useGetServerConfigFileQuery, useUpdateServerConfigFileMutation } = configApi;

export type { ConfigField, GetServerConfigFileApiResponse, ListServerConfigFilesApiResponse, UpdateServerConfigFileApiArg } from './generated/config.gen';

/** A config file with its text and fields, as GET …/config/file answers it. */
export type ConfigFile = import('./generated/config.gen').GetServerConfigFileApiResponse['data'];
