import { baseApi as api } from "../baseApi";
export const addTagTypes = ["account"] as const;
const injectedRtkApi = api
  .enhanceEndpoints({
    addTagTypes,
  })
  .injectEndpoints({
    endpoints: (build) => ({
      updateAccount: build.mutation<
        UpdateAccountApiResponse,
        UpdateAccountApiArg
      >({
        query: (queryArg) => ({
          url: `/account`,
          method: "PATCH",
          body: queryArg.body,
        }),
        invalidatesTags: ["account"],
      }),
      deleteAccount: build.mutation<
        DeleteAccountApiResponse,
        DeleteAccountApiArg
      >({
        query: (queryArg) => ({
          url: `/account/`,
          method: "DELETE",
          body: queryArg.body,
        }),
        invalidatesTags: ["account"],
      }),
      getAccountDeletionPreview: build.query<
        GetAccountDeletionPreviewApiResponse,
        GetAccountDeletionPreviewApiArg
      >({
        query: () => ({ url: `/account/deletion` }),
        providesTags: ["account"],
      }),
      updateAccountEmail: build.mutation<
        UpdateAccountEmailApiResponse,
        UpdateAccountEmailApiArg
      >({
        query: (queryArg) => ({
          url: `/account/email`,
          method: "PUT",
          body: queryArg.body,
        }),
        invalidatesTags: ["account"],
      }),
      listLinkedAccounts: build.query<
        ListLinkedAccountsApiResponse,
        ListLinkedAccountsApiArg
      >({
        query: () => ({ url: `/account/linked-accounts` }),
        providesTags: ["account"],
      }),
      finishAccountLink: build.mutation<
        FinishAccountLinkApiResponse,
        FinishAccountLinkApiArg
      >({
        query: (queryArg) => ({
          url: `/account/linked-accounts/callback`,
          method: "POST",
          body: queryArg.body,
        }),
        invalidatesTags: ["account"],
      }),
      startLinkPasskeyConfirmation: build.mutation<
        StartLinkPasskeyConfirmationApiResponse,
        StartLinkPasskeyConfirmationApiArg
      >({
        query: () => ({
          url: `/account/linked-accounts/passkey-options`,
          method: "POST",
        }),
        invalidatesTags: ["account"],
      }),
      unlinkAccount: build.mutation<
        UnlinkAccountApiResponse,
        UnlinkAccountApiArg
      >({
        query: (queryArg) => ({
          url: `/account/linked-accounts/${queryArg.provider}`,
          method: "DELETE",
        }),
        invalidatesTags: ["account"],
      }),
      startAccountLink: build.mutation<
        StartAccountLinkApiResponse,
        StartAccountLinkApiArg
      >({
        query: (queryArg) => ({
          url: `/account/linked-accounts/${queryArg.provider}`,
          method: "POST",
          body: queryArg.body,
        }),
        invalidatesTags: ["account"],
      }),
      listPasskeys: build.query<ListPasskeysApiResponse, ListPasskeysApiArg>({
        query: () => ({ url: `/account/passkeys` }),
        providesTags: ["account"],
      }),
      registerPasskey: build.mutation<
        RegisterPasskeyApiResponse,
        RegisterPasskeyApiArg
      >({
        query: (queryArg) => ({
          url: `/account/passkeys`,
          method: "POST",
          body: queryArg.body,
        }),
        invalidatesTags: ["account"],
      }),
      startPasskeyRegistration: build.mutation<
        StartPasskeyRegistrationApiResponse,
        StartPasskeyRegistrationApiArg
      >({
        query: () => ({
          url: `/account/passkeys/registration-options`,
          method: "POST",
        }),
        invalidatesTags: ["account"],
      }),
      removePasskey: build.mutation<
        RemovePasskeyApiResponse,
        RemovePasskeyApiArg
      >({
        query: (queryArg) => ({
          url: `/account/passkeys/${queryArg.passkey}`,
          method: "DELETE",
          body: queryArg.body,
        }),
        invalidatesTags: ["account"],
      }),
      renamePasskey: build.mutation<
        RenamePasskeyApiResponse,
        RenamePasskeyApiArg
      >({
        query: (queryArg) => ({
          url: `/account/passkeys/${queryArg.passkey}`,
          method: "PATCH",
          body: queryArg.body,
        }),
        invalidatesTags: ["account"],
      }),
      updateAccountPassword: build.mutation<
        UpdateAccountPasswordApiResponse,
        UpdateAccountPasswordApiArg
      >({
        query: (queryArg) => ({
          url: `/account/password`,
          method: "PUT",
          body: queryArg.body,
        }),
        invalidatesTags: ["account"],
      }),
      listAccountSessions: build.query<
        ListAccountSessionsApiResponse,
        ListAccountSessionsApiArg
      >({
        query: () => ({ url: `/account/sessions` }),
        providesTags: ["account"],
      }),
      revokeAccountSession: build.mutation<
        RevokeAccountSessionApiResponse,
        RevokeAccountSessionApiArg
      >({
        query: (queryArg) => ({
          url: `/account/sessions/${queryArg.id}`,
          method: "DELETE",
        }),
        invalidatesTags: ["account"],
      }),
      updateAccountSftpSettings: build.mutation<
        UpdateAccountSftpSettingsApiResponse,
        UpdateAccountSftpSettingsApiArg
      >({
        query: (queryArg) => ({
          url: `/account/sftp`,
          method: "PUT",
          body: queryArg.body,
        }),
        invalidatesTags: ["account"],
      }),
      listAccountSshKeys: build.query<
        ListAccountSshKeysApiResponse,
        ListAccountSshKeysApiArg
      >({
        query: () => ({ url: `/account/ssh-keys` }),
        providesTags: ["account"],
      }),
      createAccountSshKey: build.mutation<
        CreateAccountSshKeyApiResponse,
        CreateAccountSshKeyApiArg
      >({
        query: (queryArg) => ({
          url: `/account/ssh-keys`,
          method: "POST",
          body: queryArg.body,
        }),
        invalidatesTags: ["account"],
      }),
      deleteAccountSshKey: build.mutation<
        DeleteAccountSshKeyApiResponse,
        DeleteAccountSshKeyApiArg
      >({
        query: (queryArg) => ({
          url: `/account/ssh-keys/${queryArg.key}`,
          method: "DELETE",
        }),
        invalidatesTags: ["account"],
      }),
      getTwoFactorEnrolment: build.query<
        GetTwoFactorEnrolmentApiResponse,
        GetTwoFactorEnrolmentApiArg
      >({
        query: () => ({ url: `/account/two-factor` }),
        providesTags: ["account"],
      }),
      enableTwoFactor: build.mutation<
        EnableTwoFactorApiResponse,
        EnableTwoFactorApiArg
      >({
        query: (queryArg) => ({
          url: `/account/two-factor`,
          method: "POST",
          body: queryArg.body,
        }),
        invalidatesTags: ["account"],
      }),
      disableTwoFactor: build.mutation<
        DisableTwoFactorApiResponse,
        DisableTwoFactorApiArg
      >({
        query: (queryArg) => ({
          url: `/account/two-factor/disable`,
          method: "POST",
          body: queryArg.body,
        }),
        invalidatesTags: ["account"],
      }),
    }),
    overrideExisting: false,
  });
export { injectedRtkApi as accountApi };
export type UpdateAccountApiResponse = /** status 200 Default Response */ {
  data: {
    user: User;
  };
};
export type UpdateAccountApiArg = {
  body: {
    language?: string;
    name_first?: string | null;
    name_last?: string | null;
    restart_confirmation?: boolean;
    time_format?: 12 | 24;
  };
};
export type DeleteAccountApiResponse = unknown;
export type DeleteAccountApiArg = {
  body: {
    /** A TOTP or recovery code; needed when two-factor is on */
    code?: string;
    /** The account’s current password */
    password: string;
  };
};
export type GetAccountDeletionPreviewApiResponse =
  /** status 200 Default Response */ {
    data: {
      /** Deleted with their backups, files and databases */
      owned_servers: {
        /** The server’s short id (its address in the panel) */
        identifier: string;
        name: string;
      }[];
      /** Other people’s servers shared with the account: the shares end, the servers stay */
      shared_servers: {
        /** The server’s short id (its address in the panel) */
        identifier: string;
        name: string;
        /** Username of the owner */
        owner: string;
      }[];
      /** Whether a two-factor code is needed to confirm */
      two_factor: boolean;
    };
  };
export type GetAccountDeletionPreviewApiArg = void;
export type UpdateAccountEmailApiResponse = /** status 200 Default Response */ {
  data: {
    user: User;
  };
};
export type UpdateAccountEmailApiArg = {
  body: {
    email: string;
    /** The current password */
    password: string;
  };
};
export type ListLinkedAccountsApiResponse = /** status 200 Default Response */ {
  data: {
    /** Whether the account has a passkey (it can confirm linking with it, and it is a way in) */
    has_passkeys: boolean;
    /** False for an account created through a provider that has set no password yet */
    has_password: boolean;
    /** Every enabled provider, linked or not */
    providers: {
      /** The email the provider gave at linking */
      email: string | null;
      last_used_at: string | null;
      linked: boolean;
      linked_at: string | null;
      /** The provider’s name */
      name: string;
      provider: string;
    }[];
  };
};
export type ListLinkedAccountsApiArg = void;
export type FinishAccountLinkApiResponse = /** status 200 Default Response */ {
  data: {
    /** The email the provider gave at linking */
    email: string | null;
    last_used_at: string | null;
    linked: boolean;
    linked_at: string | null;
    /** The provider’s name */
    name: string;
    provider: string;
  };
};
export type FinishAccountLinkApiArg = {
  body: {
    code?: string;
    /** The provider’s error, e.g. access_denied */
    error?: string;
    /** The issuer, when the provider names itself in the answer (RFC 9207) */
    iss?: string;
    state: string;
  };
};
export type StartLinkPasskeyConfirmationApiResponse =
  /** status 200 Default Response */ {
    data: {
      /** The ceremony id from the options answer; single-use, valid for 2 minutes */
      ceremony_id: string;
      /** PublicKeyCredentialRequestOptionsJSON */
      options: {
        [key: string]: any;
      };
    };
  };
export type StartLinkPasskeyConfirmationApiArg = void;
export type UnlinkAccountApiResponse = unknown;
export type UnlinkAccountApiArg = {
  /** The provider id of the panel settings (discord, google, github or the host’s own) */
  provider: string;
};
export type StartAccountLinkApiResponse = /** status 200 Default Response */ {
  data: {
    /** The provider’s sign-in page to open */
    url: string;
  };
};
export type StartAccountLinkApiArg = {
  /** The provider id of the panel settings (discord, google, github or the host’s own) */
  provider: string;
  body: {
    /** Instead of the password: the ceremony of the passkey options */
    ceremony_id?: string;
    credential?: {
      authenticatorAttachment?: "platform" | "cross-platform";
      clientExtensionResults: {
        [key: string]: any;
      };
      id: string;
      rawId: string;
      response: {
        authenticatorData: string;
        clientDataJSON: string;
        signature: string;
        userHandle?: string;
      };
      type: "public-key";
    };
    /** The account’s password, confirmed before linking */
    password?: string;
  };
};
export type ListPasskeysApiResponse = /** status 200 Default Response */ {
  data: Passkey[];
};
export type ListPasskeysApiArg = void;
export type RegisterPasskeyApiResponse = /** status 201 Default Response */ {
  data: Passkey;
};
export type RegisterPasskeyApiArg = {
  body: {
    /** The ceremony id from the options answer; single-use, valid for 2 minutes */
    ceremony_id: string;
    credential: {
      authenticatorAttachment?: "platform" | "cross-platform";
      clientExtensionResults: {
        [key: string]: any;
      };
      id: string;
      rawId: string;
      response: {
        attestationObject: string;
        authenticatorData?: string;
        clientDataJSON: string;
        publicKey?: string;
        publicKeyAlgorithm?: number;
        transports?: string[];
      };
      type: "public-key";
    };
    /** A name the owner recognises the passkey by, e.g. “Laptop” */
    name: string;
  };
};
export type StartPasskeyRegistrationApiResponse =
  /** status 200 Default Response */ {
    data: {
      /** The ceremony id from the options answer; single-use, valid for 2 minutes */
      ceremony_id: string;
      /** PublicKeyCredentialCreationOptionsJSON */
      options: {
        [key: string]: any;
      };
    };
  };
export type StartPasskeyRegistrationApiArg = void;
export type RemovePasskeyApiResponse = unknown;
export type RemovePasskeyApiArg = {
  passkey: string;
  body: {
    /** The account’s current password */
    password: string;
  };
};
export type RenamePasskeyApiResponse = /** status 200 Default Response */ {
  data: Passkey;
};
export type RenamePasskeyApiArg = {
  passkey: string;
  body: {
    /** A name the owner recognises the passkey by, e.g. “Laptop” */
    name: string;
  };
};
export type UpdateAccountPasswordApiResponse =
  /** status 200 Default Response */ {
    data: {
      user: User;
    };
  };
export type UpdateAccountPasswordApiArg = {
  body: {
    current_password: string;
    password: string;
    password_confirmation: string;
  };
};
export type ListAccountSessionsApiResponse =
  /** status 200 Default Response */ {
    data: AccountSession[];
  };
export type ListAccountSessionsApiArg = void;
export type RevokeAccountSessionApiResponse = unknown;
export type RevokeAccountSessionApiArg = {
  id: number;
};
export type UpdateAccountSftpSettingsApiResponse =
  /** status 200 Default Response */ {
    data: {
      key_only: boolean;
    };
  };
export type UpdateAccountSftpSettingsApiArg = {
  body: {
    key_only: boolean;
  };
};
export type ListAccountSshKeysApiResponse = /** status 200 Default Response */ {
  data: SshKey[];
  meta: {
    /** SFTP refuses the password: only these keys sign in */
    key_only: boolean;
  };
};
export type ListAccountSshKeysApiArg = void;
export type CreateAccountSshKeyApiResponse =
  /** status 201 Default Response */ {
    data: SshKey;
  };
export type CreateAccountSshKeyApiArg = {
  body: {
    name: string;
    /** An OpenSSH public key line: ssh-ed25519, ecdsa-sha2-… or ssh-rsa (2048 bits or more) */
    public_key: string;
  };
};
export type DeleteAccountSshKeyApiResponse = unknown;
export type DeleteAccountSshKeyApiArg = {
  key: string;
};
export type GetTwoFactorEnrolmentApiResponse =
  /** status 200 Default Response */ {
    data: {
      otpauth_uri: string;
      /** The otpauth URI as an SVG QR code */
      qr_svg: string;
      /** Base32 secret, for typing into an authenticator app */
      secret: string;
    };
  };
export type GetTwoFactorEnrolmentApiArg = void;
export type EnableTwoFactorApiResponse = /** status 200 Default Response */ {
  data: {
    /** Shown once; each works once */
    recovery_codes: string[];
  };
};
export type EnableTwoFactorApiArg = {
  body: {
    /** A code from the authenticator app */
    code: string;
    password: string;
  };
};
export type DisableTwoFactorApiResponse = unknown;
export type DisableTwoFactorApiArg = {
  body: {
    password: string;
  };
};
export type User = {
  created_at: string;
  discord_avatar: string | null;
  discord_id: string | null;
  discord_username: string | null;
  email: string;
  /** In answers about the session itself (logins, auth/current): true while it is the account’s first one (no login came before it), e.g. right after sign-up */
  first_session?: boolean;
  /** Gravatar image URL derived from the email address */
  gravatar: string;
  /** In answers about the session itself (logins, auth/current): whether the account has at least one passkey */
  has_passkeys?: boolean;
  language: string;
  name_first: string | null;
  name_last: string | null;
  paid: boolean;
  /** In answers about the session itself (logins, auth/current): whether this session was opened with a passkey (alone or as the second factor) */
  passkey_session?: boolean;
  restart_confirmation: boolean;
  role: number;
  root_admin: boolean;
  /** 12 or 24 hour clock */
  time_format: number;
  updated_at: string;
  use_totp: boolean;
  username: string;
  uuid: string;
  whmcs_user_token: string | null;
};
export type Passkey = {
  created_at: string;
  last_used_at: string | null;
  name: string;
  /** A passkey synced between the owner’s devices rather than bound to one */
  synced: boolean;
  uuid: string;
};
export type AccountSession = {
  created_at: string;
  /** The session making this request */
  current: boolean;
  expires_at: string;
  id: number;
  ip: string | null;
  last_used_at: string;
  user_agent: string | null;
};
export type SshKey = {
  /** ssh-ed25519, ecdsa-sha2-nistp256/384/521 or ssh-rsa */
  algorithm: string;
  created_at: string;
  /** SHA256 fingerprint, as ssh-keygen -l prints it */
  fingerprint: string;
  last_used_at: string | null;
  name: string;
  /** The key in OpenSSH one-line form (without its comment) */
  public_key: string;
  uuid: string;
};
export const {
  useUpdateAccountMutation,
  useDeleteAccountMutation,
  useGetAccountDeletionPreviewQuery,
  useLazyGetAccountDeletionPreviewQuery,
  useUpdateAccountEmailMutation,
  useListLinkedAccountsQuery,
  useLazyListLinkedAccountsQuery,
  useFinishAccountLinkMutation,
  useStartLinkPasskeyConfirmationMutation,
  useUnlinkAccountMutation,
  useStartAccountLinkMutation,
  useListPasskeysQuery,
  useLazyListPasskeysQuery,
  useRegisterPasskeyMutation,
  useStartPasskeyRegistrationMutation,
  useRemovePasskeyMutation,
  useRenamePasskeyMutation,
  useUpdateAccountPasswordMutation,
  useListAccountSessionsQuery,
  useLazyListAccountSessionsQuery,
  useRevokeAccountSessionMutation,
  useUpdateAccountSftpSettingsMutation,
  useListAccountSshKeysQuery,
  useLazyListAccountSshKeysQuery,
  useCreateAccountSshKeyMutation,
  useDeleteAccountSshKeyMutation,
  useGetTwoFactorEnrolmentQuery,
  useLazyGetTwoFactorEnrolmentQuery,
  useEnableTwoFactorMutation,
  useDisableTwoFactorMutation,
} = injectedRtkApi;
