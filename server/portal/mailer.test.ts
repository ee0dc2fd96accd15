// The sign-in mail: with PLANNER_SMTP_URL the link goes through a real SMTP conversation (a tiny
// SMTP server on loopback plays the mail server here); without it the link is written to the log;
// a refusing server is `failed`, never a thrown error (the link still shows to administrators).
import { afterEach, describe, expect, it } from 'vitest';
import { fakeSmtp } from '../test/fake-smtp';
import type { FakeSmtp } from '../test/fake-smtp';
import { logDelivery, mailDelivery } from './mailer';

const servers: FakeSmtp[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

const message = {
  to: 'ava@example.com',
  subject: 'Sign in to Ideas',
  text: 'Open https://x.example/portal/p/sign-in?token=abc',
  link: 'https://x.example/portal/p/sign-in?token=abc',
};

describe('sign-in mail', () => {
  it('goes through the configured SMTP server, from the configured sender', async () => {
    const smtp = await fakeSmtp();
    servers.push(smtp);
    const log: string[] = [];
    const deliver = mailDelivery({ smtpUrl: smtp.url, from: 'Ideas <ideas@example.com>' }, (l) => log.push(l));
    expect(await deliver(message)).toBe('smtp');
    expect(smtp.messages).toHaveLength(1);
    const mail = smtp.messages[0] ?? '';
    expect(mail).toMatch(/^To: ava@example\.com/m);
    expect(mail).toMatch(/^From: Ideas <ideas@example\.com>/m);
    expect(mail).toMatch(/^Subject: Sign in to Ideas/m);
    expect(mail).toContain('token=abc');
    // The log says it was mailed, and does not carry the link (it is a credential).
    expect(log.join('\n')).toContain('mailed to ava@example.com');
    expect(log.join('\n')).not.toContain('token=abc');
  });

  it('records a refusal as failed instead of throwing', async () => {
    const smtp = await fakeSmtp(true);
    servers.push(smtp);
    const deliver = mailDelivery({ smtpUrl: smtp.url }, () => undefined);
    expect(await deliver(message)).toBe('failed');
  });

  it('without a mail server, writes the link to the log', async () => {
    const log: string[] = [];
    expect(await mailDelivery({}, (l) => log.push(l))(message)).toBe('log');
    expect(await logDelivery((l) => log.push(l))(message)).toBe('log');
    expect(log[0]).toBe('[portal] sign-in link for ava@example.com: https://x.example/portal/p/sign-in?token=abc');
  });
});
