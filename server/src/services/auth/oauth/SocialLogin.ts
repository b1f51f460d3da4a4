import type { Database } from '../../../db/client';
import type { LinkedIdentityRow, UserRow } from '../../../db/schema';
import { HttpError } from '../../../lib/errors';
import { newToken } from '../../../lib/tokens';
import { recordAudit } from '../../audit/audit';
import { findUserByLogin } from '../userAccounts';
import { findLinkedAccount, linkIdentity, listLinkedIdentities, touchLinkedIdentity } from './linkedIdentities';
import { oauthMessages } from './oauthMessages';
import type { OAuthProviders } from './oauthProviders';
import { consumeOAuthState, saveOAuthState, type OAuthPurpose } from './oauthStates';
import { signUpWithIdentity } from './socialSignUp';

/** What the provider sent back to the web app's /socialite page. */
export interface CallbackParameters {
  state: string;
  code?: string;
  iss?: string;
  error?: string;
}

/** Where a callback arrived: the /socialite address given to the provider, the caller's address, and
 * whether the browser holds the attempt's cookie (see routes/auth/oauth-cookie.ts). */
export interface CallbackContext {
  redirectUri: string;
  ip: string;
  bound: boolean;
}

/** Why an attempt was refused, as the audit log records it. */
type RefusalReason = 'state' | 'denied' | 'provider' | 'email-in-use' | 'unverified' | 'signup-closed' | 'linked-elsewhere';

interface SocialLoginDeps {
  db: Database;
  providers: OAuthProviders;
  /** Whether people the panel does not know may create an account (read at each attempt). */
  signupOpen: () => boolean | Promise<boolean>;
  /** Logs what the customer is not shown (the provider's error details). */
  log: (message: string, error: unknown) => void;
}

/**
 * Social login and linking: starts an attempt (state, PKCE and nonce kept server-side, single
 * use) and finishes it. A linked identity opens its account; an unknown one creates an account
 * only when sign-up is open and the provider verified the email. An identity whose email belongs
 * to an account is never let into it: its owner logs in and links the provider first.
 */
export class SocialLogin {
  constructor(private readonly deps: SocialLoginDeps) {}

  private async provider(id: string) {
    const provider = await this.deps.providers.find(id);
    if (!provider) throw new HttpError(404, 'Provider not found.');
    return provider;
  }

  /** Starts an attempt: answers the provider's address and the state the browser is bound to. */
  async start(providerId: string, { purpose, userId, remember, redirectUri }: { purpose: OAuthPurpose; userId: number | null; remember: boolean; redirectUri: string }) {
    const provider = await this.provider(providerId);
    const state = newToken();
    const started = await this.deps.providers.start(provider, { redirectUri, state });
    await saveOAuthState(this.deps.db, { state, provider: provider.id, purpose, userId, codeVerifier: started.codeVerifier, nonce: started.nonce, remember });
    return { url: started.url, state };
  }

  private async refuse(reason: RefusalReason, message: string, details: { provider: string | null; ip: string; userId?: number | null; status?: number }): Promise<never> {
    await recordAudit(this.deps.db, { actorId: details.userId ?? null, event: 'auth.oauth-refused', ip: details.ip, properties: { provider: details.provider, reason } });
    throw new HttpError(details.status ?? 403, message);
  }

  /** Spends the state and reads the identity; every failed check is refused and audited. */
  private async identify(purpose: OAuthPurpose, callback: CallbackParameters, { redirectUri, ip, bound }: CallbackContext, userId: number | null) {
    const attempt = await consumeOAuthState(this.deps.db, callback.state, purpose);
    if (!attempt || !bound || (purpose === 'link' && attempt.userId !== userId))
      return this.refuse('state', oauthMessages.invalidState, { provider: attempt?.provider ?? null, ip, userId, status: 400 });
    // A provider disabled or deleted while the person was at it no longer finishes anything.
    const provider = await this.deps.providers.find(attempt.provider);
    if (!provider) return this.refuse('state', oauthMessages.invalidState, { provider: attempt.provider, ip, userId, status: 400 });
    if (callback.error || !callback.code) return this.refuse('denied', oauthMessages.providerDenied, { provider: provider.id, ip, userId, status: 400 });

    const url = new URL(redirectUri);
    url.searchParams.set('code', callback.code);
    url.searchParams.set('state', callback.state);
    if (callback.iss) url.searchParams.set('iss', callback.iss);
    try {
      const identity = await this.deps.providers.finish(provider, url, { codeVerifier: attempt.codeVerifier, nonce: attempt.nonce, state: callback.state });
      return { provider, identity, remember: attempt.remember === 1 };
    } catch (error) {
      this.deps.log(`Social login with ${provider.id} failed its checks`, error);
      return this.refuse('provider', oauthMessages.providerFailed, { provider: provider.id, ip, userId });
    }
  }

  /** Finishes a login: the account to log in (two-factor and suspension are the caller's next steps). */
  async finishLogin(callback: CallbackParameters, context: CallbackContext): Promise<{ user: UserRow; remember: boolean; provider: string }> {
    const { ip } = context;
    const { provider, identity, remember } = await this.identify('login', callback, context, null);
    const linked = await findLinkedAccount(this.deps.db, provider.id, identity.subject);
    if (linked) {
      await touchLinkedIdentity(this.deps.db, linked.link.id);
      await recordAudit(this.deps.db, { actorId: linked.user.id, event: 'auth.oauth-login', ip, properties: { provider: provider.id } });
      return { user: linked.user, remember, provider: provider.id };
    }
    // Unverified emails never match an account nor create one.
    if (!identity.email || !identity.emailVerified) return this.refuse('unverified', oauthMessages.unverifiedEmail, { provider: provider.id, ip });
    const owner = await findUserByLogin(this.deps.db, identity.email);
    if (owner) return this.refuse('email-in-use', oauthMessages.emailInUse, { provider: provider.id, ip, status: 409 });
    if (!(await this.deps.signupOpen())) return this.refuse('signup-closed', oauthMessages.signupClosed, { provider: provider.id, ip });

    const user = await signUpWithIdentity(this.deps.db, provider.id, { ...identity, email: identity.email }, ip);
    if (!user) return this.refuse('email-in-use', oauthMessages.emailInUse, { provider: provider.id, ip, status: 409 });
    await linkIdentity(this.deps.db, user.id, provider.id, identity, { userId: user.id, ip });
    await recordAudit(this.deps.db, { actorId: user.id, event: 'auth.oauth-login', ip, properties: { provider: provider.id, signed_up: true } });
    return { user, remember, provider: provider.id };
  }

  /** Finishes linking for the account that started it; answers the new link. */
  async finishLink(user: UserRow, callback: CallbackParameters, context: CallbackContext): Promise<LinkedIdentityRow> {
    const { ip } = context;
    const { provider, identity } = await this.identify('link', callback, context, user.id);
    const current = await findLinkedAccount(this.deps.db, provider.id, identity.subject);
    if (current && current.user.id !== user.id) return this.refuse('linked-elsewhere', oauthMessages.linkedElsewhere, { provider: provider.id, ip, userId: user.id, status: 409 });
    if (!current && !(await linkIdentity(this.deps.db, user.id, provider.id, identity, { userId: user.id, ip }))) {
      throw new HttpError(409, oauthMessages.alreadyLinked);
    }
    const links = await listLinkedIdentities(this.deps.db, user.id);
    return links.find((link) => link.provider === provider.id)!;
  }
}
