// How a portal's sign-in link reaches its reader. With PLANNER_SMTP_URL (`smtp://user:pass@host:587`,
// `smtps://…` for TLS from the start) the link is mailed through that server, from PLANNER_SMTP_FROM;
// without it — the local service's default, which has no mail server — the link is written to the
// service log, and administrators also see it on the portal's page (GET …/sign_in_emails).
// nodemailer is loaded only when a mail server is configured.
import type { Deliver } from '../store/portal-site';

export interface MailSettings {
  /** `smtp://…` or `smtps://…`; none: links go to the log. */
  smtpUrl?: string | undefined;
  /** The sender, e.g. `Planner <ideas@example.com>`. */
  from?: string | undefined;
}

/** Writes a link to the log: one line a person can find and open. */
export const logDelivery =
  (log: (line: string) => void = (line) => console.log(line)): Deliver =>
  (message) => {
    log(`[portal] sign-in link for ${message.to}: ${message.link}`);
    return Promise.resolve('log');
  };

export function mailDelivery(settings: MailSettings, log: (line: string) => void = (line) => console.log(line)): Deliver {
  const url = settings.smtpUrl?.trim();
  if (!url) return logDelivery(log);
  let transport: Promise<{ sendMail: (m: Record<string, string>) => Promise<unknown> }> | null = null;
  return async (message) => {
    transport ??= import('nodemailer').then((m) => m.createTransport(url));
    try {
      await (
        await transport
      ).sendMail({ from: settings.from ?? 'Planner <no-reply@localhost>', to: message.to, subject: message.subject, text: message.text });
      log(`[portal] sign-in link mailed to ${message.to}`);
      return 'smtp';
    } catch (err) {
      // The link still works: the administrator can hand it on from the portal's page.
      log(`[portal] could not mail the sign-in link to ${message.to}: ${(err as Error).message}`);
      return 'failed';
    }
  };
}
