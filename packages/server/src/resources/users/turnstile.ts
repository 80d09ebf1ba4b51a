// The captcha of registration, the e-mail code and the reset mail (contract §0.3): when the site turns
// Turnstile on, a request must carry a token that Cloudflare's siteverify accepts for the site's secret.
import type { OptionStore } from '../../shared/context.js';
import type { HumanCheck } from './users-register.service.js';

export const TURNSTILE_VERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';
const VERIFY_TIMEOUT_MS = 5000;

/** A check that passes every request while Turnstile is off, and asks siteverify while it is on. */
export function createTurnstileCheck(options: OptionStore, verifyUrl = TURNSTILE_VERIFY_URL): HumanCheck {
  return async (token, ip) => {
    if ((await options.get('TurnstileCheckEnabled')) !== 'true') return true;
    if (!token) return false;
    try {
      const response = await fetch(verifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          secret: (await options.get('TurnstileSecretKey')) ?? '',
          response: token,
          remoteip: ip,
        }).toString(),
        signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
      });
      const verdict = (await response.json()) as { success?: unknown };
      return verdict.success === true;
    } catch {
      // Cloudflare unreachable: the check cannot pass, and the refusal says to try again.
      return false;
    }
  };
}
