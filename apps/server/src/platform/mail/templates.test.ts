import { CONFIRMATION_KINDS, LANGUAGES } from '@themis/shared';
import { describe, expect, it } from 'vitest';
import { renderMail } from './templates';

const PURPOSE_WORDS = {
  en: {
    USER_ACTIVATION: 'activate your Themis account',
    USER_AUTHENTICATION: 'signing in',
    USER_PASSWORD_CHANGE: 'change of your Themis password',
    USER_DELETE: 'deletion of your Themis account',
    ORGANIZATION_OWNERSHIP_TRANSFER: 'transfer of your organization’s ownership',
    ORGANIZATION_DELETE: 'deletion of your organization',
  },
  pl: {
    USER_ACTIVATION: 'aktywować swoje konto',
    USER_AUTHENTICATION: 'dokończyć logowanie',
    USER_PASSWORD_CHANGE: 'zmianę hasła',
    USER_DELETE: 'usunięcie swojego konta',
    ORGANIZATION_OWNERSHIP_TRANSFER: 'przekazanie własności organizacji',
    ORGANIZATION_DELETE: 'usunięcie organizacji',
  },
} as const;

describe('verification code e-mails', () => {
  for (const language of LANGUAGES) {
    for (const purpose of CONFIRMATION_KINDS) {
      it(`say what the ${purpose} code is for, in ${language}`, () => {
        const mail = renderMail({ kind: 'verification_code', purpose, code: '042917' }, language);
        expect(mail.text).toContain(PURPOSE_WORDS[language][purpose]);
        expect(mail.text).toContain('\n042917\n');
        expect(mail.html).toContain('>042917</p>');
        expect(mail.text).toContain(language === 'en' ? '15 minutes' : '15 minut');
        expect(mail.text).toContain(language === 'en' ? 'did not request it' : 'zignoruj');
        expect(mail.text.trimEnd()).toMatch(/\nThemis$/);
        expect(mail.html).toContain(`<html lang="${language}">`);
        expect(mail.subject).toContain('Themis');
        expect(mail.subject).not.toContain('042917');
      });
    }
  }

  it('gives every purpose its own subject in each language', () => {
    for (const language of LANGUAGES) {
      const subjects = CONFIRMATION_KINDS.map(
        (purpose) =>
          renderMail({ kind: 'verification_code', purpose, code: '1' }, language).subject,
      );
      expect(new Set(subjects).size).toBe(CONFIRMATION_KINDS.length);
    }
  });

  it('writes Polish with its diacritics', () => {
    const mail = renderMail({ kind: 'verification_code', purpose: 'USER_DELETE', code: '1' }, 'pl');
    expect(mail.subject).toBe('Kod usunięcia konta w Themis');
    expect(mail.text).toContain('Kod jest ważny przez 15 minut.');
    expect(mail.text).toContain('Jeśli ta prośba nie pochodzi od Ciebie');
  });

  it('names the organization and the new owner a code confirms a step of, escaped in HTML', () => {
    const mail = renderMail(
      {
        kind: 'verification_code',
        purpose: 'ORGANIZATION_OWNERSHIP_TRANSFER',
        code: '042917',
        about: { organization: 'Kancelaria <Lis>', newOwner: 'Anna Kowalska' },
      },
      'en',
    );
    expect(mail.text).toContain('Organization: Kancelaria <Lis>\nNew owner: Anna Kowalska');
    expect(mail.html).toContain('Kancelaria &lt;Lis&gt;');
    expect(mail.text.indexOf('New owner')).toBeLessThan(mail.text.indexOf('042917'));
  });
});

describe('password reset e-mails', () => {
  const link = 'https://themis.example/reset?token=a"b<c>&d=1';

  it('give the link, valid one hour, in both languages', () => {
    const en = renderMail({ kind: 'password_reset', link }, 'en');
    expect(en.subject).toBe('Reset your Themis password');
    expect(en.text).toContain(`\n${link}\n`);
    expect(en.text).toContain('valid for one hour');
    const pl = renderMail({ kind: 'password_reset', link }, 'pl');
    expect(pl.text).toContain(`\n${link}\n`);
    expect(pl.text).toContain('Link jest ważny przez godzinę.');
  });

  it('escape the link everywhere in the HTML', () => {
    const { html } = renderMail({ kind: 'password_reset', link }, 'en');
    const escaped = 'https://themis.example/reset?token=a&quot;b&lt;c&gt;&amp;d=1';
    expect(html.split(`href="${escaped}"`)).toHaveLength(3);
    expect(html).not.toContain('a"b<c>');
  });
});

describe('the HTML version', () => {
  it('escapes the code and loads nothing from outside', () => {
    const { html } = renderMail(
      { kind: 'verification_code', purpose: 'USER_ACTIVATION', code: '<img src=x>' },
      'en',
    );
    expect(html).toContain('&lt;img src=x&gt;');
    expect(html).not.toMatch(/<img|<link|<script|url\(|@import/i);
    expect(html).not.toMatch(/https?:/);
  });
});
