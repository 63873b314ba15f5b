import { DEFAULT_CONTACT_EMAIL, type ConfirmationKind, type Language } from '@themis/shared';
import { billingMailContent, type BillingMailTemplate } from './billing-mail';
import { escapeHtml } from './escape-html';
import { invitationContent, type InvitationTemplate } from './invitation-mail';
import type { MailBlock } from './mail-blocks';
import { MAIL_COPY } from './mail-copy';
import { noticeContent, type NoticeTemplate } from './notices';

export type MailTemplate =
  | {
      kind: 'verification_code';
      purpose: ConfirmationKind;
      code: string;
      /** The organization a code confirms a step of, and the new owner of a transfer. */
      about?: { organization: string; newOwner?: string };
    }
  | { kind: 'password_reset'; link: string }
  | InvitationTemplate
  | BillingMailTemplate
  | NoticeTemplate;

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

function blocksOf(
  template: MailTemplate,
  language: Language,
  contact: string,
): { subject: string; blocks: MailBlock[] } {
  const copy = MAIL_COPY[language];
  const greeting: MailBlock = { kind: 'paragraph', lines: [copy.greeting] };
  const signOff: MailBlock = { kind: 'paragraph', lines: copy.signOff };
  if (template.kind === 'organization_invitation') {
    const invitation = invitationContent(template, language);
    return { subject: invitation.subject, blocks: [greeting, ...invitation.blocks, signOff] };
  }
  if (
    template.kind === 'billing_payment_failed' ||
    template.kind === 'billing_subscription_ended'
  ) {
    const billing = billingMailContent(template, language);
    return { subject: billing.subject, blocks: [greeting, ...billing.blocks, signOff] };
  }
  if (template.kind !== 'verification_code' && template.kind !== 'password_reset') {
    const notice = noticeContent(template, language, contact);
    return { subject: notice.subject, blocks: [greeting, ...notice.blocks, signOff] };
  }
  if (template.kind === 'verification_code') {
    const code = copy.codes[template.purpose];
    const { about } = template;
    const rows: [string, string][] = about
      ? [[copy.codeAbout.organization, about.organization]]
      : [];
    if (about?.newOwner) rows.push([copy.codeAbout.newOwner, about.newOwner]);
    return {
      subject: code.subject,
      blocks: [
        greeting,
        { kind: 'paragraph', lines: [code.purpose] },
        ...(rows.length > 0 ? [{ kind: 'details' as const, rows }] : []),
        { kind: 'code', code: template.code },
        { kind: 'paragraph', lines: [copy.codeValidity, copy.codeNotRequested] },
        signOff,
      ],
    };
  }
  const reset = copy.reset;
  return {
    subject: reset.subject,
    blocks: [
      greeting,
      { kind: 'paragraph', lines: [reset.intro] },
      { kind: 'link', label: reset.action, fallback: reset.fallback, url: template.link },
      { kind: 'paragraph', lines: [reset.validity, reset.notRequested] },
      signOff,
    ],
  };
}

function blockText(block: MailBlock): string {
  switch (block.kind) {
    case 'paragraph':
      return block.lines.join('\n');
    case 'code':
      return block.code;
    case 'link':
      return block.url;
    case 'details':
      return block.rows.map(([label, value]) => `${label}: ${value}`).join('\n');
  }
}

const BLOCK_MARGIN = 'margin:0 0 16px;';

function blockHtml(block: MailBlock): string {
  switch (block.kind) {
    case 'paragraph':
      return `<p style="${BLOCK_MARGIN}">${block.lines.map(escapeHtml).join('<br>')}</p>`;
    case 'code':
      return `<p style="${BLOCK_MARGIN}font-family:'Courier New',Courier,monospace;font-size:32px;font-weight:bold;letter-spacing:6px;color:#14284b;">${escapeHtml(block.code)}</p>`;
    case 'link': {
      const href = escapeHtml(block.url);
      return [
        `<p style="margin:0 0 24px;"><a href="${href}" style="display:inline-block;padding:12px 24px;border-radius:6px;background-color:#14284b;color:#ffffff;font-weight:bold;text-decoration:none;">${escapeHtml(block.label)}</a></p>`,
        `<p style="${BLOCK_MARGIN}">${escapeHtml(block.fallback)}<br><a href="${href}" style="color:#14284b;word-break:break-all;">${href}</a></p>`,
      ].join('\n');
    }
    case 'details': {
      const rows = block.rows.map(
        ([label, value]) =>
          `<tr><td style="padding:2px 16px 2px 0;color:#4b5563;vertical-align:top;">${escapeHtml(label)}</td><td style="padding:2px 0;font-weight:bold;">${escapeHtml(value)}</td></tr>`,
      );
      return `<table role="presentation" cellpadding="0" cellspacing="0" style="${BLOCK_MARGIN}font-family:Arial,Helvetica,sans-serif;font-size:16px;color:#1f2937;">${rows.join('')}</table>`;
    }
  }
}

function layoutHtml(language: Language, subject: string, body: string): string {
  return [
    '<!doctype html>',
    `<html lang="${language}">`,
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(subject)}</title></head>`,
    '<body style="margin:0;padding:0;background-color:#f3f4f6;">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background-color:#f3f4f6;"><tr><td align="center" style="padding:24px 12px;">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background-color:#ffffff;border-radius:8px;">',
    '<tr><td style="padding:24px 32px 8px;font-family:Arial,Helvetica,sans-serif;font-size:22px;font-weight:bold;color:#14284b;">Themis</td></tr>',
    `<tr><td style="padding:8px 32px 16px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1f2937;">${body}</td></tr>`,
    '</table></td></tr></table></body></html>',
  ].join('\n');
}

/**
 * The subject, plain text and HTML of an e-mail in the recipient's language; `contact` is the
 * mailbox it tells people to write to (CONTACT_EMAIL).
 */
export function renderMail(
  template: MailTemplate,
  language: Language,
  contact = DEFAULT_CONTACT_EMAIL,
): RenderedMail {
  const { subject, blocks } = blocksOf(template, language, contact);
  const text = blocks.map(blockText).join('\n\n');
  const html = layoutHtml(language, subject, blocks.map(blockHtml).join('\n'));
  return { subject, text: `${text}\n`, html };
}
