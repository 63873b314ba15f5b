import { DEFAULT_CONTACT_EMAIL, LANGUAGES } from '@themis/shared';
import { describe, expect, it } from 'vitest';
import { formatMailTime, type NoticeTemplate } from './notices';
import { renderMail } from './templates';

const at = new Date('2026-03-02T09:30:00Z');
const resetUrl = 'https://themis.example/send-reset-password-link';
const NOTICES: NoticeTemplate[] = [
  { kind: 'password_changed', at, resetUrl },
  { kind: 'account_deleted', at },
  {
    kind: 'new_device_sign_in',
    at,
    browser: 'Firefox',
    os: 'Windows',
    ip: '203.0.113.7',
    method: 'password',
    resetUrl,
  },
  { kind: 'registration_attempt', loginUrl: 'https://themis.example/login' },
];

describe('security notices', () => {
  it('give the time in Polish time, with its zone, in the reader’s language', () => {
    expect(formatMailTime(at, 'en')).toBe('2 March 2026 at 10:30 CET');
    expect(formatMailTime(at, 'pl')).toBe('2 marca 2026 10:30 CET');
    expect(formatMailTime(new Date('2026-07-02T09:30:00Z'), 'en')).toContain('11:30 CEST');
  });

  it('have a subject of their own in each language, and greet and sign off', () => {
    for (const language of LANGUAGES) {
      const mails = NOTICES.map((notice) => renderMail(notice, language));
      expect(new Set(mails.map((mail) => mail.subject)).size).toBe(NOTICES.length);
      for (const mail of mails) {
        expect(mail.text).toMatch(language === 'en' ? /^Hello,/ : /^Dzień dobry,/);
        expect(mail.text.trimEnd()).toMatch(/\nThemis$/);
        expect(mail.html).toContain(`<html lang="${language}">`);
        expect(mail.html).not.toMatch(/<img|<script|url\(|@import/i);
      }
    }
  });

  it('say what to do when it was not the owner', () => {
    const changed = renderMail(NOTICES[0]!, 'en');
    expect(changed.text).toContain(`Set a new password at once:\n\n${resetUrl}`);
    expect(changed.text).toContain(DEFAULT_CONTACT_EMAIL);
    const deleted = renderMail(NOTICES[1]!, 'pl');
    expect(deleted.text).toContain('2 marca 2026 10:30 CET');
    expect(deleted.text).toContain(DEFAULT_CONTACT_EMAIL);
    const attempt = renderMail(NOTICES[3]!, 'pl');
    expect(attempt.text).toContain('https://themis.example/login');
    expect(attempt.text).toContain('Nie pamiętasz hasła?');
  });

  it('list the device of a sign-in, naming what is unknown, escaped in HTML', () => {
    const signIn = NOTICES[2]! as Extract<NoticeTemplate, { kind: 'new_device_sign_in' }>;
    const en = renderMail(signIn, 'en');
    expect(en.text).toContain(
      [
        'Device: Firefox on Windows',
        'IP address: 203.0.113.7',
        'Time: 2 March 2026 at 10:30 CET',
        'Signed in with: E-mail and password',
      ].join('\n'),
    );
    const pl = renderMail({ ...signIn, browser: undefined, os: undefined, method: 'google' }, 'pl');
    expect(pl.text).toContain('Urządzenie: Nieznana przeglądarka w nieznanym systemie');
    expect(pl.text).toContain('Sposób logowania: Google');
    const html = renderMail({ ...signIn, ip: '<b>&"' }, 'en').html;
    expect(html).toContain('&lt;b&gt;&amp;&quot;');
    expect(html).not.toContain('<b>&"');
  });
});
