// Third-party sign-in and binding (contract §1.2): who the provider says the person is, then either the
// signed-in caller's account gets the binding ("bind"), or the person signs in — to the account already
// bound to them, or to a new one when registration is open.
import { type Language, nowSeconds, USER_STATUS, USERNAME_MAX } from '@gw/core';
import { ApiFailure } from '../../shared/api-failure.js';
import type { AuthUser } from '../../shared/auth-user.js';
import type { OptionStore } from '../../shared/context.js';
import {
  discoverOidc,
  githubIdentity,
  larkIdentity,
  type OAuthEndpoints,
  type OAuthIdentity,
  oidcIdentity,
  wechatIdentity,
} from './oauth-identities.js';
import type { BindingColumn, StoredUser, UsersRepository } from './users.repository.js';
import { readRegistrationOptions } from './users-register.options.js';
import type { RegistrationService } from './users-register.service.js';

export type OAuthProviderKey = 'github' | 'lark' | 'oidc' | 'wechat';

interface ProviderRule {
  /** The option that turns the provider on. */
  enabledOption: string;
  /** The column the provider's id is kept in. */
  column: BindingColumn;
  /** Shown in messages. */
  name: string;
  /** The display name of a new account when the provider gives none. */
  defaultDisplayName: string;
}

const PROVIDERS: Record<OAuthProviderKey, ProviderRule> = {
  github: {
    enabledOption: 'GitHubOAuthEnabled',
    column: 'github_id',
    name: 'GitHub',
    defaultDisplayName: 'GitHub User',
  },
  lark: {
    enabledOption: 'LarkAuthEnabled',
    column: 'lark_id',
    name: 'Lark',
    defaultDisplayName: 'Lark User',
  },
  oidc: {
    enabledOption: 'OIDCAuthEnabled',
    column: 'oidc_id',
    name: 'OIDC',
    defaultDisplayName: 'OIDC User',
  },
  wechat: {
    enabledOption: 'WeChatAuthEnabled',
    column: 'wechat_id',
    name: 'WeChat',
    defaultDisplayName: 'WeChat User',
  },
};

const DISPLAY_NAME_LIMIT = 20;
const USERNAME_PATTERN = /^[A-Za-z0-9_.-]+$/;

/** What a callback did. */
export type OAuthResult = { kind: 'bound' } | { kind: 'signed_in'; user: StoredUser };

export interface OAuthDeps {
  users: UsersRepository;
  options: OptionStore;
  registration: Pick<RegistrationService, 'openAccount'>;
  endpoints: OAuthEndpoints;
}

/** The sign-in context of one callback. */
export interface OAuthCall {
  /** The signed-in caller (session), whose account a callback binds instead of signing in. */
  caller: AuthUser | undefined;
  aff: string;
  language: Language;
  ip: string;
  /** Where the provider sent the browser back (OIDC's redirect_uri must match the authorize one). */
  redirectUri: string;
}

/** The OAuth rules over the users table and the options. */
export function createOAuthService(deps: OAuthDeps) {
  const { users, options } = deps;

  async function requireEnabled(provider: OAuthProviderKey): Promise<void> {
    if ((await options.get(PROVIDERS[provider].enabledOption)) !== 'true') {
      throw new ApiFailure('FAILED', 'account.oauth.disabled', {
        params: { provider: PROVIDERS[provider].name },
      });
    }
  }

  async function setting(key: string): Promise<string> {
    return (await options.get(key)) ?? '';
  }

  async function oidcEndpoints() {
    const issuer = await setting('OIDCIssuer');
    if (!issuer) throw new ApiFailure('FAILED', 'account.oauth.oidc_not_configured');
    return discoverOidc(issuer);
  }

  /** The account a provider id is bound to (GitHub: the numeric id first, then the login unless retired). */
  async function boundUser(
    provider: OAuthProviderKey,
    identity: OAuthIdentity,
  ): Promise<StoredUser | undefined> {
    if (provider === 'github') {
      const byNumber = identity.numericId
        ? await users.findByBinding('github_id_new', identity.numericId)
        : undefined;
      if (byNumber) return byNumber;
      if ((await options.get('GitHubOldIdCloseEnabled')) === 'true') return undefined;
    }
    return users.findByBinding(PROVIDERS[provider].column, identity.id);
  }

  function bindingChanges(provider: OAuthProviderKey, identity: OAuthIdentity) {
    if (provider === 'github') return { github_id: identity.id, github_id_new: identity.numericId ?? 0 };
    return { [PROVIDERS[provider].column]: identity.id };
  }

  /** A free username: the provider's suggestion when it fits, else `<provider>_<next id>`. */
  async function newUsername(provider: OAuthProviderKey, identity: OAuthIdentity): Promise<string> {
    const suggested = identity.username ?? '';
    if (suggested.length <= USERNAME_MAX && USERNAME_PATTERN.test(suggested)) {
      if (!(await users.findByUsername(suggested))) return suggested;
    }
    for (let next = (await users.maxId()) + 1; ; next += 1) {
      const name = `${provider}_${next}`.slice(0, USERNAME_MAX);
      if (!(await users.findByUsername(name))) return name;
    }
  }

  async function register(provider: OAuthProviderKey, identity: OAuthIdentity, call: OAuthCall) {
    if (!(await readRegistrationOptions(options)).registerEnabled) {
      throw new ApiFailure('FAILED', 'users.errors.register_disabled');
    }
    // The provider's address is kept only when no other account signs in with it.
    const email = identity.email && !(await users.findByEmail(identity.email)) ? identity.email : '';
    const id = await deps.registration.openAccount(
      {
        username: await newUsername(provider, identity),
        password: '',
        display_name: (identity.displayName || PROVIDERS[provider].defaultDisplayName).slice(
          0,
          DISPLAY_NAME_LIMIT,
        ),
        email,
        avatar_url: identity.avatarUrl,
        ...bindingChanges(provider, identity),
      },
      call.aff,
      call.language,
    );
    const user = await users.findById(id);
    if (!user) throw new ApiFailure('INTERNAL', 'errors.internal');
    return user;
  }

  return {
    /** Who the provider says the code belongs to. */
    async identify(provider: OAuthProviderKey, code: string, redirectUri: string): Promise<OAuthIdentity> {
      await requireEnabled(provider);
      if (provider === 'github') {
        const client = { id: await setting('GitHubClientId'), secret: await setting('GitHubClientSecret') };
        return githubIdentity(deps.endpoints, client, code);
      }
      if (provider === 'lark') {
        const app = { id: await setting('LarkClientId'), secret: await setting('LarkClientSecret') };
        return larkIdentity(deps.endpoints, app, code);
      }
      if (provider === 'wechat') {
        const server = {
          address: await setting('WeChatServerAddress'),
          token: await setting('WeChatServerToken'),
        };
        if (!server.address) throw new ApiFailure('FAILED', 'account.oauth.wechat_not_configured');
        return wechatIdentity(server, code);
      }
      return oidcIdentity(
        await oidcEndpoints(),
        {
          id: await setting('OIDCClientId'),
          secret: await setting('OIDCClientSecret'),
          redirectUri,
          usernameClaim: (await setting('OIDCUsernameClaims')) || 'preferred_username',
        },
        code,
      );
    },

    /** Binds the identity to the caller when there is one, else signs in (registering when allowed). */
    async signInOrBind(
      provider: OAuthProviderKey,
      identity: OAuthIdentity,
      call: OAuthCall,
    ): Promise<OAuthResult> {
      const owner = await boundUser(provider, identity);
      if (call.caller) {
        if (owner && owner.id !== call.caller.id) {
          throw new ApiFailure('CONFLICT', 'account.oauth.already_bound', {
            params: { provider: PROVIDERS[provider].name },
          });
        }
        await users.update(call.caller.id, bindingChanges(provider, identity));
        return { kind: 'bound' };
      }
      const user = owner ?? (await register(provider, identity, call));
      if (user.status !== USER_STATUS.enabled) throw new ApiFailure('USER_DISABLED', 'errors.user_disabled');
      const changes = {
        last_login_time: nowSeconds(),
        last_login_ip: call.ip,
        // A login-only GitHub binding of old learns the numeric id that survives a rename.
        ...(provider === 'github' && !user.github_id_new ? { github_id_new: identity.numericId ?? 0 } : {}),
      };
      await users.update(user.id, changes);
      return { kind: 'signed_in', user: { ...user, ...changes } };
    },

    /** The OIDC provider's authorize URL for a state (`GET /api/oauth/endpoint`). */
    async oidcAuthorizeUrl(state: string, redirectUri: string): Promise<string> {
      await requireEnabled('oidc');
      const endpoints = await oidcEndpoints();
      const url = new URL(endpoints.authorization);
      url.searchParams.set('client_id', await setting('OIDCClientId'));
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('scope', (await setting('OIDCScopes')) || 'openid profile email');
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('state', state);
      return url.toString();
    },

    /** Whether the provider is on (the routes check before they issue a state). */
    requireEnabled,
  };
}

export type OAuthService = ReturnType<typeof createOAuthService>;
