// The seam for sending e-mail. This issue sends none: the default sender refuses with a clear message,
// tests inject a fake, and the SMTP sender of a later issue plugs in through BuildAppOptions.
import { ApiFailure } from '../../shared/api-failure.js';

/** One plain-text message. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends e-mail; throws when the message cannot be handed over. */
export interface MailSender {
  send(message: MailMessage): Promise<void>;
}

/** The sender used until a mail server is configured: every send is refused. */
export const unconfiguredMailSender: MailSender = {
  send() {
    return Promise.reject(new ApiFailure('FAILED', 'users.errors.mail_not_configured'));
  },
};
