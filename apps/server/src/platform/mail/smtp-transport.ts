import type { Transporter } from 'nodemailer';
import type { MailTransport } from './mail-transport';

/**
 * Sends through an SMTP server (`smtp://user:pass@host:port`, or `smtps://`). The timeouts
 * are short so a stalled server fails the attempt well within the job's lease. The mail
 * library is loaded with the first message, not at start-up.
 */
export function createSmtpTransport(options: { url: string; from: string }): MailTransport {
  let transporter: Promise<Transporter> | undefined;
  const connect = async () => {
    const { default: nodemailer } = await import('nodemailer');
    return nodemailer.createTransport({
      url: options.url,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
      // Our messages never attach files or remote content.
      disableFileAccess: true,
      disableUrlAccess: true,
    });
  };
  return {
    kind: 'smtp',
    async send(message) {
      await (await (transporter ??= connect())).sendMail({ from: options.from, ...message });
    },
  };
}
