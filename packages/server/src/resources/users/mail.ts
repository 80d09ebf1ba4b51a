// The seam for sending e-mail. No SMTP sender yet: the default sender refuses with a clear message, tests
// inject a fake, MAIL_OUTBOX_DIR writes each mail as a file, and an SMTP sender plugs in through
// BuildAppOptions later.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
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

/**
 * Writes each message as `<time>-<n>.json` ({to, subject, text}) into a folder: the outbox a developer
 * or an end-to-end test reads the codes and reset links from.
 */
export function outboxMailSender(dir: string): MailSender {
  let sequence = 0;
  return {
    async send(message) {
      await mkdir(dir, { recursive: true });
      sequence += 1;
      const name = `${Date.now()}-${String(sequence).padStart(4, '0')}.json`;
      await writeFile(join(dir, name), JSON.stringify(message, null, 2));
    },
  };
}
