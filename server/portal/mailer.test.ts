// The sign-in mail: with PLANNER_SMTP_URL the link goes through a real SMTP conversation (a tiny
// SMTP server on loopback plays the mail server here); without it the link is written to the log;
// a refusing server is `failed`, never a thrown error (the link still shows to administrators).
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { logDelivery, mailDelivery } from './mailer';

interface FakeSmtp {
  url: string;
  messages: string[];
  close(): Promise<void>;
}

/** An SMTP server that takes every message (or refuses every recipient) and keeps what it got. */
function fakeSmtp(refuse = false): Promise<FakeSmtp> {
  const messages: string[] = [];
  const server = net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    socket.write('220 fake.smtp ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          messages.push(buffer.slice(0, end));
          buffer = buffer.slice(end + 5);
          inData = false;
          socket.write('250 OK queued\r\n');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250-fake.smtp\r\n250 8BITMIME\r\n');
        else if (verb === 'MAIL') socket.write('250 OK\r\n');
        else if (verb === 'RCPT') socket.write(refuse ? '550 No such user\r\n' : '250 OK\r\n');
        else if (verb === 'DATA') {
          inData = true;
          socket.write('354 Go ahead\r\n');
        } else if (verb === 'QUIT') {
          socket.end('221 Bye\r\n');
          return;
        } else socket.write('250 OK\r\n');
      }
    });
    socket.on('error', () => undefined);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      resolve({
        url: `smtp://127.0.0.1:${port}`,
        messages,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

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
