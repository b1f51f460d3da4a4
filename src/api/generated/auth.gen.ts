import { baseApi as api } from "../baseApi";
export const addTagTypes = ["auth"] as const;
const injectedRtkApi = api
  .enhanceEndpoints({
    addTagTypes,
  })
  .injectEndpoints({
    endpoints: (build) => ({
      getCurrentUser: build.query<
        GetCurrentUserApiResponse,
        GetCurrentUserApiArg
      >({
        query: () => ({ url: `/auth/current` }),
        providesTags: ["auth"],
      }),
      forgotPassword: build.mutation<
        ForgotPasswordApiResponse,
        ForgotPasswordApiArg
      >({
        query: (queryArg) => ({
          url: `/auth/forgot-password`,
          method: "POST",
          body: queryArg.body,
        }),
        invalidatesTags: ["auth"],
      }),
      login: build.mutation<LoginApiResponse, LoginApiArg>({
        query: (queryArg) => ({
          url: `/auth/login`,
          method: "POST",
          body: queryArg.body,
        }),
        invalidatesTags: ["auth"],
      }),
      loginCheckpoint: build.mutation<
        LoginCheckpointApiResponse,
        LoginCheckpointApiArg
      >({
        query: (queryArg) => ({
          url: `/auth/login-checkpoint`,
          method: "POST",
          body: queryArg.body,
        }),
        invalidatesTags: ["auth"],
      }),
      exchangeLoginToken: build.mutation<
        ExchangeLoginTokenApiResponse,
        ExchangeLoginTokenApiArg
      >({
        query: (queryArg) => ({
          url: `/auth/login-token`,
          method: "POST",
          body: queryArg.body,
        }),
        invalidatesTags: ["auth"],
      }),
      logout: build.mutation<LogoutApiResponse, LogoutApiArg>({
        query: () => ({ url: `/auth/logout`, method: "POST" }),
        invalidatesTags: ["auth"],
      }),
      finishOAuthLogin: build.mutation<
        FinishOAuthLoginApiResponse,
        FinishOAuthLoginApiArg
      >({
        query: (queryArg) => ({
          url: `/auth/oauth/callback`,
          method: "POST",
          body: queryArg.body,
        }),
        invalidatesTags: ["auth"],
      }),
      listOAuthProviders: build.query<
        ListOAuthProvidersApiResponse,
        ListOAuthProvidersApiArg
      >({
        query: () => ({ url: `/auth/oauth/providers` }),
        providesTags: ["auth"],
      }),
      startOAuthLogin: build.query<
        StartOAuthLoginApiResponse,
        StartOAuthLoginApiArg
      >({
        query: (queryArg) => ({
          url: `/auth/oauth/${queryArg.provider}/redirect`,
          params: {
            remember: queryArg.remember,
          },
        }),
        providesTags: ["auth"],
      }),
      passkeyCheckpoint: build.mutation<
        PasskeyCheckpointApiResponse,
        PasskeyCheckpointApiArg
      >({
        query: (queryArg) => ({
          url: `/auth/passkey/checkpoint`,
          method: "POST",
          body: queryArg.body,
        }),
        invalidatesTags: ["auth"],
      }),
      startPasskeyCheckpoint: build.mutation<
        StartPasskeyCheckpointApiResponse,
        StartPasskeyCheckpointApiArg
      >({
        query: (queryArg) => ({
          url: `/auth/passkey/checkpoint-options`,
          method: "POST",
          body: queryArg.body,
        }),
        invalidatesTags: ["auth"],
      }),
      loginWithPasskey: build.mutation<
        LoginWithPasskeyApiResponse,
        LoginWithPasskeyApiArg
      >({
        query: (queryArg) => ({
          url: `/auth/passkey/login`,
          method: "POST",
          body: queryArg.body,
        }),
        invalidatesTags: ["auth"],
      }),
      startPasskeyLogin: build.mutation<
        StartPasskeyLoginApiResponse,
        StartPasskeyLoginApiArg
      >({
        query: () => ({ url: `/auth/passkey/login-options`, method: "POST" }),
        invalidatesTags: ["auth"],
      }),
      register: build.mutation<RegisterApiResponse, RegisterApiArg>({
        query: (queryArg) => ({
          url: `/auth/register`,
          method: "POST",
          body: queryArg.body,
        }),
        invalidatesTags: ["auth"],
      }),
      resetPassword: build.mutation<
        ResetPasswordApiResponse,
        ResetPasswordApiArg
      >({
        query: (queryArg) => ({
          url: `/auth/reset-password`,
          method: "POST",
          body: queryArg.body,
        }),
        invalidatesTags: ["auth"],
      }),
      checkResetLink: build.mutation<
        CheckResetLinkApiResponse,
        CheckResetLinkApiArg
      >({
        query: (queryArg) => ({
          url: `/auth/reset-password/check`,
          method: "POST",
          body: queryArg.body,
        }),
        invalidatesTags: ["auth"],
      }),
    }),
    overrideExisting: false,
  });
export { injectedRtkApi as authApi };
export type GetCurrentUserApiResponse = /** status 200 Default Response */ {
  data: {
    user: User;
  };
};
export type GetCurrentUserApiArg = void;
export type ForgotPasswordApiResponse = /** status 202 Default Response */ {
  message: string;
};
export type ForgotPasswordApiArg = {
  body: {
    /** The email address of the account */
    email: string;
  };
};
export type LoginApiResponse = /** status 200 Default Response */ {
  data:
    | {
        complete: true;
        expires_at: string;
        /** Wrong two-factor codes entered for the account since its previous login (shown to the owner) */
        failed_two_factor_attempts?: number;
        /** Bearer access token; shown only once */
        token: string;
        user: User;
      }
    | {
        complete: false;
        /** Single-use, valid for 5 minutes */
        confirmation_token: string;
        /** The account has passkeys: one may be used instead of the code (/auth/passkey/checkpoint) */
        has_passkeys?: boolean;
      };
};
export type LoginApiArg = {
  body: {
    /** Username or email address */
    login: string;
    password: string;
    remember?: boolean;
  };
};
export type LoginCheckpointApiResponse = /** status 200 Default Response */ {
  data: {
    complete: true;
    expires_at: string;
    /** Wrong two-factor codes entered for the account since its previous login (shown to the owner) */
    failed_two_factor_attempts?: number;
    /** Bearer access token; shown only once */
    token: string;
    user: User;
  };
};
export type LoginCheckpointApiArg = {
  body: {
    /** A TOTP code or one of the recovery codes */
    authentication_code: string;
    /** The confirmation token from the login answer */
    token: string;
  };
};
export type ExchangeLoginTokenApiResponse = /** status 200 Default Response */ {
  data: {
    complete: true;
    expires_at: string;
    /** Wrong two-factor codes entered for the account since its previous login (shown to the owner) */
    failed_two_factor_attempts?: number;
    /** Panel path to open next, when the link names one */
    redirect_to: string | null;
    /** Bearer access token; shown only once */
    token: string;
    user: User;
  };
};
export type ExchangeLoginTokenApiArg = {
  body: {
    /** The token of a login link from the admin API */
    token: string;
  };
};
export type LogoutApiResponse = unknown;
export type LogoutApiArg = void;
export type FinishOAuthLoginApiResponse = /** status 200 Default Response */ {
  data:
    | {
        complete: true;
        expires_at: string;
        /** Wrong two-factor codes entered for the account since its previous login (shown to the owner) */
        failed_two_factor_attempts?: number;
        /** Bearer access token; shown only once */
        token: string;
        user: User;
      }
    | {
        complete: false;
        /** Single-use, valid for 5 minutes */
        confirmation_token: string;
        /** The account has passkeys: one may be used instead of the code (/auth/passkey/checkpoint) */
        has_passkeys?: boolean;
      };
};
export type FinishOAuthLoginApiArg = {
  body: {
    code?: string;
    /** The provider’s error, e.g. access_denied */
    error?: string;
    /** The issuer, when the provider names itself in the answer (RFC 9207) */
    iss?: string;
    state: string;
  };
};
export type ListOAuthProvidersApiResponse = /** status 200 Default Response */ {
  data: {
    id: string;
    /** Name shown on the button */
    name: string;
  }[];
};
export type ListOAuthProvidersApiArg = void;
export type StartOAuthLoginApiResponse = unknown;
export type StartOAuthLoginApiArg = {
  /** Keep the session for 30 days instead of 24 hours */
  remember?: boolean;
  /** The provider id of the panel settings (discord, google, github or the host’s own) */
  provider: string;
};
export type PasskeyCheckpointApiResponse = /** status 200 Default Response */ {
  data: {
    complete: true;
    expires_at: string;
    /** Wrong two-factor codes entered for the account since its previous login (shown to the owner) */
    failed_two_factor_attempts?: number;
    /** Bearer access token; shown only once */
    token: string;
    user: User;
  };
};
export type PasskeyCheckpointApiArg = {
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
        authenticatorData: string;
        clientDataJSON: string;
        signature: string;
        userHandle?: string;
      };
      type: "public-key";
    };
    /** The confirmation token from the password step */
    token: string;
  };
};
export type StartPasskeyCheckpointApiResponse =
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
export type StartPasskeyCheckpointApiArg = {
  body: {
    /** The confirmation token from the password step */
    token: string;
  };
};
export type LoginWithPasskeyApiResponse = /** status 200 Default Response */ {
  data: {
    complete: true;
    expires_at: string;
    /** Wrong two-factor codes entered for the account since its previous login (shown to the owner) */
    failed_two_factor_attempts?: number;
    /** Bearer access token; shown only once */
    token: string;
    user: User;
  };
};
export type LoginWithPasskeyApiArg = {
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
        authenticatorData: string;
        clientDataJSON: string;
        signature: string;
        userHandle?: string;
      };
      type: "public-key";
    };
    /** Keep the session for 30 days instead of 24 hours */
    remember?: boolean;
  };
};
export type StartPasskeyLoginApiResponse = /** status 200 Default Response */ {
  data: {
    /** The ceremony id from the options answer; single-use, valid for 2 minutes */
    ceremony_id: string;
    /** PublicKeyCredentialRequestOptionsJSON */
    options: {
      [key: string]: any;
    };
  };
};
export type StartPasskeyLoginApiArg = void;
export type RegisterApiResponse = /** status 201 Default Response */ {
  data: {
    complete: true;
    expires_at: string;
    /** Wrong two-factor codes entered for the account since its previous login (shown to the owner) */
    failed_two_factor_attempts?: number;
    /** Bearer access token; shown only once */
    token: string;
    user: User;
  };
};
export type RegisterApiArg = {
  body: {
    email: string;
    password: string;
    password_confirmation: string;
    /** Keep the session for 30 days instead of 24 hours */
    remember?: boolean;
    username: string;
  };
};
export type ResetPasswordApiResponse = /** status 200 Default Response */ {
  message: string;
};
export type ResetPasswordApiArg = {
  body: {
    password: string;
    password_confirmation: string;
    /** The token of the reset link from the mail */
    token: string;
  };
};
export type CheckResetLinkApiResponse = /** status 200 Default Response */ {
  data: {
    /** False for an unknown, spent or expired link */
    valid: boolean;
  };
};
export type CheckResetLinkApiArg = {
  body: {
    /** The token of the reset link from the mail */
    token: string;
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
export const {
  useGetCurrentUserQuery,
  useLazyGetCurrentUserQuery,
  useForgotPasswordMutation,
  useLoginMutation,
  useLoginCheckpointMutation,
  useExchangeLoginTokenMutation,
  useLogoutMutation,
  useFinishOAuthLoginMutation,
  useListOAuthProvidersQuery,
  useLazyListOAuthProvidersQuery,
  useStartOAuthLoginQuery,
  useLazyStartOAuthLoginQuery,
  usePasskeyCheckpointMutation,
  useStartPasskeyCheckpointMutation,
  useLoginWithPasskeyMutation,
  useStartPasskeyLoginMutation,
  useRegisterMutation,
  useResetPasswordMutation,
  useCheckResetLinkMutation,
} = injectedRtkApi;
