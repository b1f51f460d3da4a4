import { apiFieldErrors } from '../../api/apiError';
import { useUpdateServerConfigFileMutation } from '../../api/config';
import { useActivateConfigEditor, type ConfigEditorScope } from './configFormScope';

/** The outcome of a save: whether it went through, a restart is needed, and the server's messages per field. */
export interface ConfigSaveOutcome {
  saved: boolean;
  restartRequired: boolean;
  errors: Record<string, string[]>;
}

/**
 * Saves form values or raw text of one config file. Failures are also reported by the app's
 * listeners (error notification, field messages in the store); the outcome tells the editor which
 * keys were refused.
 */
export function useConfigSave(serverId: string, path: string) {
  const [update, { isLoading }] = useUpdateServerConfigFileMutation();
  const activate = useActivateConfigEditor();
  const save = async (scope: ConfigEditorScope, body: { values: Record<string, string> } | { raw: string }): Promise<ConfigSaveOutcome> => {
    activate(scope);
    try {
      const result = await update({ id: serverId, path, body }).unwrap();
      return {
        saved: true,
        restartRequired: result.data.restart_required,
        errors: {},
      };
    } catch (error) {
      return {
        saved: false,
        restartRequired: false,
        errors: apiFieldErrors(error),
      };
    }
  };
  return { save, saving: isLoading };
}
