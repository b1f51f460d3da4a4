import { accountApi as generatedAccountApi } from './generated/account.gen';

/**
 * The account's SSH keys for SFTP with their own cache tag: adding or removing a key, or turning
 * key-only SFTP on or off, refreshes the list (which carries the switch).
 */
export const sshKeysApi = generatedAccountApi.enhanceEndpoints({
  addTagTypes: ['SshKey'],
  endpoints: {
    listAccountSshKeys: { providesTags: ['SshKey'] },
    createAccountSshKey: { invalidatesTags: ['SshKey'] },
    deleteAccountSshKey: { invalidatesTags: ['SshKey'] },
    updateAccountSftpSettings: { invalidatesTags: ['SshKey'] },
  },
});

export const { useListAccountSshKeysQuery, useCreateAccountSshKeyMutation, useDeleteAccountSshKeyMutation, useUpdateAccountSftpSettingsMutation } = sshKeysApi;

export type { SshKey } from './generated/account.gen';
