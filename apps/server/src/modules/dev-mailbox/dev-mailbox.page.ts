import { escapeHtml } from '../../platform/mail/escape-html';
import type { DevMailboxMessage } from './dev-mailbox-message';

const STYLE = `
body { margin: 0; font: 16px/1.5 system-ui, sans-serif; color: #1f2937; background: #f3f4f6; }
main { max-width: 48rem; margin: 0 auto; padding: 24px 16px; }
h1 { margin: 0 0 8px; color: #14284b; }
form { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; margin: 16px 0 24px; }
input { font: inherit; padding: 6px 8px; min-width: 16rem; }
button { font: inherit; padding: 6px 16px; }
article { background: #fff; border-radius: 8px; padding: 16px 24px; margin: 0 0 16px; }
article h2 { margin: 0; font-size: 1.125rem; }
.meta { margin: 4px 0 12px; color: #4b5563; font-size: 0.875rem; }
pre { margin: 0; white-space: pre-wrap; word-break: break-word; font: 0.9375rem/1.5 ui-monospace, monospace; }
:focus-visible { outline: 3px solid #2563eb; outline-offset: 2px; }
`;

function messageHtml(message: DevMailboxMessage): string {
  return [
    '<article>',
    `<h2>${escapeHtml(message.subject)}</h2>`,
    `<p class="meta">To ${escapeHtml(message.to)} · <time datetime="${escapeHtml(message.created_at)}">${escapeHtml(message.created_at)}</time></p>`,
    `<pre>${escapeHtml(message.text)}</pre>`,
    '</article>',
  ].join('\n');
}

/** A plain page for people: no script, so it passes the app's CSP. */
export function renderMailboxPage(options: {
  messages: DevMailboxMessage[];
  to: string | undefined;
  limit: number;
}): string {
  const { messages, to, limit } = options;
  const list = messages.length
    ? messages.map(messageHtml).join('\n')
    : `<p>No e-mails${to ? ` to ${escapeHtml(to)}` : ''} yet.</p>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dev mailbox · Themis</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>Dev mailbox</h1>
<p>E-mails stored by the development outbox, newest first (at most ${limit}). The same list as JSON: <a href="/dev/mailbox.json">/dev/mailbox.json</a>.</p>
<form method="get" action="/dev/mailbox">
<label for="to">Recipient</label>
<input id="to" name="to" type="email" value="${escapeHtml(to ?? '')}">
<button type="submit">Filter</button>
<a href="/dev/mailbox">Show all</a>
</form>
${list}
</main>
</body>
</html>
`;
}
