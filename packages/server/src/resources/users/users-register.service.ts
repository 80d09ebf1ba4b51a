// Registration with a username and password, the e-mail code, and the password reset (contract §1.2).
// `humanCheck` is the captcha seam (Turnstile), and `openAccount` (with its gifts and invite rewards) is
// where every sign-up path — this one, OAuth and WeChat — makes an account.
import { randomBytes } from 'node:crypto';
import { type Language, LOG_TYPE, nowSeconds, type Register, ROLES, translate, USER_STATUS } from '@gw/core';
import type { DatabaseKind } from '../../config.js';
import type { GwDb } from '../../db/database.js';
import { ApiFailure, fieldFailure } from '../../shared/api-failure.js';
import type { OptionStore } from '../../shared/context.js';
import { localizedContent, type LogEntry } from '../../shared/logs.js';
import { hashPassword } from './password.js';
import type { NewUser, UsersRepository } from './users.repository.js';
import type { MailSender } from './mail.js';
import { insertRegisteredUser } from './users-register.repository.js';
import {
  emailDomainAllowed,
  type RegistrationOptions,
  readRegistrationOptions,
} from './users-register.options.js';
import type { VerificationCodes } from './verification-codes.js';

/** Decides whether a request passed the captcha (without one, every request does). */
export type HumanCheck = (token: string, ip: string) => Promise<boolean>;

export interface RegistrationDeps {
  db: GwDb;
  dbKind: DatabaseKind;
  users: UsersRepository;
  options: OptionStore;
  mail: MailSender;
  codes: VerificationCodes;
  humanCheck?: HumanCheck;
}

/** What a sign-up path decides about a new account; the rest (role, group, quota…) is the same for all. */
export type AccountFields = Pick<NewUser, 'username' | 'password' | 'display_name' | 'email'> &
  Partial<Pick<NewUser, 'avatar_url' | 'github_id' | 'github_id_new' | 'lark_id' | 'oidc_id' | 'wechat_id'>>;

/** Where the reset link points: the configured server address, else the address the caller used. */
export interface RequestOrigin {
  origin: string;
  ip: string;
  language: Language;
  turnstile: string;
}

/** The registration rules over the users table, the options, the mail seam and the code store. */
export function createRegistrationService(deps: RegistrationDeps) {
  const { users, options, mail, codes } = deps;
  const humanCheck: HumanCheck = deps.humanCheck ?? (() => Promise.resolve(true));

  async function requireHuman(request: RequestOrigin): Promise<void> {
    if (!(await humanCheck(request.turnstile, request.ip))) {
      throw new ApiFailure('FAILED', 'users.errors.captcha_failed');
    }
  }

  function gift(
    userId: number,
    username: string,
    key: string,
    quota: number,
    language: Language,
    params = {},
  ): LogEntry {
    // gw records the amount in the quota column as well as in the text (one-hub writes 0 there, §5.1).
    return {
      userId,
      username,
      type: LOG_TYPE.system,
      quota,
      ...localizedContent(language, key, { quota, ...params }),
    };
  }

  /**
   * Makes a new common account in group `default` with the new-user gift, and pays the invitation
   * rewards when `affCode` names an inviter: every sign-up path (password, OAuth, WeChat) ends here.
   * Answers the new user's id.
   */
  async function openAccount(
    account: AccountFields,
    affCode: string,
    language: Language,
    known?: RegistrationOptions,
  ): Promise<number> {
    const settings = known ?? (await readRegistrationOptions(options));
    // An unknown invitation code is ignored, as in one-hub: a stale link still lets people sign up.
    const inviter = affCode ? await users.findByAffCode(affCode) : undefined;
    const inviteeBonus = inviter ? settings.quotaForInvitee : 0;
    const username = account.username;
    return insertRegisteredUser(
      deps.db,
      deps.dbKind,
      {
        ...account,
        role: ROLES.common,
        status: USER_STATUS.enabled,
        group: 'default',
        quota: settings.quotaForNewUser + inviteeBonus,
        inviter_id: inviter?.id ?? 0,
        created_time: nowSeconds(),
      },
      (id) => [
        ...(settings.quotaForNewUser > 0
          ? [gift(id, username, 'users.log.new_user_gift', settings.quotaForNewUser, language)]
          : []),
        ...(inviteeBonus > 0 ? [gift(id, username, 'users.log.invitee_gift', inviteeBonus, language)] : []),
      ],
      inviter && {
        inviterId: inviter.id,
        quota: settings.quotaForInviter,
        ...(settings.quotaForInviter > 0
          ? {
              log: gift(
                inviter.id,
                inviter.username,
                'users.log.inviter_gift',
                settings.quotaForInviter,
                language,
                {
                  username,
                },
              ),
            }
          : {}),
      },
    );
  }

  return {
    openAccount,

    /** `POST /api/user/register`. */
    async register(input: Register, request: RequestOrigin): Promise<void> {
      await requireHuman(request);
      const settings = await readRegistrationOptions(options);
      if (!settings.registerEnabled) throw new ApiFailure('FAILED', 'users.errors.register_disabled');
      if (!settings.passwordRegisterEnabled) {
        throw new ApiFailure('FAILED', 'users.errors.password_register_disabled');
      }
      if (settings.emailVerificationEnabled) {
        if (!input.email) throw fieldFailure('email', 'users.errors.email_verification_required');
        if (!input.verification_code) {
          throw fieldFailure('verification_code', 'users.errors.email_verification_required');
        }
        if (!emailDomainAllowed(settings, input.email)) {
          throw fieldFailure('email', 'users.errors.email_domain_not_allowed');
        }
      }
      if (await users.findByUsername(input.username)) {
        throw new ApiFailure('CONFLICT', 'server.users.username_taken', {
          params: { username: input.username },
        });
      }
      // An address is only stored once it is proven: without verification the body's e-mail is
      // ignored, so nobody can claim someone else's address (it is a sign-in name and a reset target).
      const email = settings.emailVerificationEnabled ? input.email : '';
      if (email) {
        if (await users.findByEmail(email)) throw new ApiFailure('CONFLICT', 'users.errors.email_taken');
        if (!(await codes.consume('email', email, input.verification_code))) {
          throw fieldFailure('verification_code', 'users.errors.verification_code_invalid');
        }
      }
      await openAccount(
        {
          username: input.username,
          password: await hashPassword(input.password),
          display_name: input.username,
          email,
        },
        input.aff_code,
        request.language,
        settings,
      );
    },

    /**
     * `GET /api/oauth/email/bind`: sets the caller's e-mail once the code mailed to it checks out. The
     * address must not belong to another account; the code is used up either way it is right.
     */
    async bindEmail(callerId: number, email: string, code: string): Promise<void> {
      const owner = await users.findByEmail(email);
      if (owner && owner.id !== callerId) throw new ApiFailure('CONFLICT', 'users.errors.email_taken');
      if (!(await codes.consume('email', email, code))) {
        throw fieldFailure('code', 'users.errors.verification_code_invalid');
      }
      await users.update(callerId, { email });
    },

    /** `GET /api/verification`: e-mails a 6-character lowercase-hex code to an address not yet in use. */
    async sendVerificationCode(email: string, request: RequestOrigin): Promise<void> {
      await requireHuman(request);
      const settings = await readRegistrationOptions(options);
      if (!emailDomainAllowed(settings, email))
        throw fieldFailure('email', 'users.errors.email_domain_not_allowed');
      if (await users.findByEmail(email)) throw new ApiFailure('CONFLICT', 'users.errors.email_taken');
      const code = randomBytes(3).toString('hex');
      await codes.issue('email', email, code);
      await mail.send({
        to: email,
        subject: translate(request.language, 'users.mail.verification_subject', {
          site: settings.systemName,
        }),
        text: translate(request.language, 'users.mail.verification_body', {
          code,
          minutes: codes.validMinutes,
        }),
      });
    },

    /**
     * `GET /api/reset_password`: e-mails a reset link when the address belongs to a user. An unknown
     * address gets the same success reply, so the endpoint does not reveal who has an account.
     */
    async sendPasswordReset(email: string, request: RequestOrigin): Promise<void> {
      await requireHuman(request);
      const user = await users.findByEmail(email);
      if (!user) return;
      const settings = await readRegistrationOptions(options);
      const token = randomBytes(16).toString('hex');
      await codes.issue('password_reset', email, token);
      const base = settings.serverAddress || request.origin;
      const link = `${base}/user/reset?email=${encodeURIComponent(email)}&token=${token}`;
      await mail.send({
        to: email,
        subject: translate(request.language, 'users.mail.reset_subject', { site: settings.systemName }),
        text: translate(request.language, 'users.mail.reset_body', { link, minutes: codes.validMinutes }),
      });
    },

    /** `POST /api/user/reset`: checks the link and answers a new 12-hex-character password. */
    async confirmPasswordReset(email: string, token: string): Promise<string> {
      const user = await users.findByEmail(email);
      if (!user || !(await codes.consume('password_reset', email, token))) {
        throw new ApiFailure('FAILED', 'users.errors.reset_link_invalid');
      }
      const password = randomBytes(6).toString('hex');
      await users.update(user.id, { password: await hashPassword(password) });
      return password;
    },
  };
}

export type RegistrationService = ReturnType<typeof createRegistrationService>;
