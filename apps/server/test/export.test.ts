import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legalSourceChecks, messages } from '../src/db/schema';
import { createFileStorage } from '../src/platform/storage/create-storage';
import { signedUpClient, type Client } from './accounts';
import { createTestApp, type TestApp } from './app';
import { insertAttachment, insertConversation, insertMessages } from './conversations-fixtures';
import { png } from './avatar-fixtures';
import { multipartBody } from './multipart';
import { pdfText } from './pdf-text';
import { createOrganization } from './organization-fixtures';
import { secretOf, share, type Account } from './sharing-fixtures';

// A conversation exported as the file a lawyer puts in the case file: each format opened and
// read back, as the shown version, with its sources and their states, and the refusals.

let t: TestApp;
const clock = new Date('2026-12-04T09:30:00.000Z');
let owner: Account;
let visitor: Account;

const MODEL = 'demo:themis-demo';
const ANSWER = [
  '## Odpowiedzialność najemcy',
  '',
  'Zgodnie z **art. 415 k.c.** kto z winy swej wyrządził szkodę, obowiązany jest do jej',
  'naprawienia; zob. też wyrok C-311/18 i [komentarz](https://example.org/komentarz).',
  '',
  '| Przepis | Treść |',
  '| --- | --- |',
  '| art. 471 k.c. | odpowiedzialność kontraktowa |',
  '',
  '```',
  'termin = 30 dni',
  '```',
  '',
  '1. zgłoś szkodę',
  '2. *udokumentuj* ją',
].join('\n');

beforeAll(async () => {
  t = await createTestApp({
    now: () => clock,
    env: {
      MODELS: `${MODEL}=Model Demo`,
      // Exporting reads the checks kept; it asks no register (these do not answer).
      LEGAL_SOURCES: 'verify',
      LEGAL_ELI_URL: 'http://127.0.0.1:9',
      LEGAL_SAOS_URL: 'http://127.0.0.1:9',
    },
  });
  [owner, visitor] = [
    await signedUpClient(t, undefined, { language: 'pl' }),
    await signedUpClient(t),
  ];
  await t.database.db.insert(legalSourceChecks).values({
    key: 'pl:DU:1964:93',
    state: 'in_force',
    title: 'Ustawa z dnia 23 kwietnia 1964 r. - Kodeks cywilny',
    repealedOn: null,
    repealedBy: null,
    url: null,
    checkedAt: clock,
  });
});
afterAll(() => t.close());

/** A question with a file, the answer shown, and an earlier version of it no longer shown. */
async function conversationToExport(account: Account, name = 'Szkoda w lokalu – Łódź') {
  const conversation = await insertConversation(t, account.user.pk, { name });
  const [question, answer] = await insertMessages(t, conversation, [
    { role: 'user', content: 'Czy najemca odpowiada za zalanie mieszkania?', createdAt: clock },
    { role: 'assistant', content: ANSWER, modelId: MODEL, createdAt: clock },
  ]);
  await insertAttachment(t, await createFileStorage(t.config), question!, {
    filename: 'umowa najmu.pdf',
  });
  await t.database.db.insert(messages).values({
    conversationId: conversation.id,
    userId: account.user.pk,
    parentId: question!.id,
    role: 'assistant',
    status: 'complete',
    content: 'WERSJA-UKRYTA',
    modelId: MODEL,
    shown: false,
  });
  return { ...conversation, question: question!, answer: answer! };
}

const exportOf = (client: Client, pk: string, format: string, zone = 'Europe/Warsaw') =>
  client.get(`/api/conversation/export/${pk}?format=${format}&time_zone=${zone}`);

async function unzip(body: Buffer) {
  const zip = await JSZip.loadAsync(body);
  const read = async (name: string) => (await zip.file(name)?.async('string')) ?? '';
  return { names: Object.keys(zip.files), read };
}

/** The text of a WordprocessingML part, its runs joined. */
const textOf = (xml: string) =>
  [...xml.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((match) => match[1]).join('');

describe('exporting a conversation', () => {
  it('writes Markdown whole: the shown answer, its file, its sources with their states, the notice', async () => {
    const conversation = await conversationToExport(owner);
    const res = await exportOf(owner.client, conversation.id, 'md');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Szkoda w lokalu - Lodz 2026-12-04.md"; ` +
        `filename*=UTF-8''${encodeURIComponent('Szkoda w lokalu – Łódź 2026-12-04.md')}`,
    );
    expect(res.body).toBe(
      [
        '# Szkoda w lokalu – Łódź',
        '',
        `${owner.email}  `,
        `Wyeksportował(a): ${owner.email}  `,
        'Data eksportu: 04.12.2026, 10:30  ',
        'Model: Model Demo',
        '',
        '---',
        '',
        '## Pytanie · 04.12.2026, 10:30',
        '',
        'Czy najemca odpowiada za zalanie mieszkania?',
        '',
        'Załączniki: umowa najmu.pdf',
        '',
        '## Odpowiedź · Model Demo · 04.12.2026, 10:30',
        '',
        ANSWER,
        '',
        '**Źródła**',
        '',
        '1. [art. 415 k.c.](<https://eli.gov.pl/eli/DU/1964/93/ogl>): ' +
          'Ustawa z dnia 23 kwietnia 1964 r. - Kodeks cywilny. Obowiązuje',
        '2. [C-311/18](<https://curia.europa.eu/juris/liste.jsf?num=C-311%2F18&language=pl>): ' +
          'Trybunał Sprawiedliwości UE, sprawa C-311/18. Niesprawdzony',
        '',
        '---',
        '',
        '*Themis udziela informacji prawnych, a nie porad prawnych. Przed podjęciem decyzji w ' +
          'swojej sprawie skonsultuj się z prawnikiem.*',
        '',
      ].join('\n'),
    );
  });

  it('writes a Word document with real headings, a table, a list, footnotes and page numbers', async () => {
    const conversation = await conversationToExport(owner);
    const res = await exportOf(owner.client, conversation.id, 'docx');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    const docx = await unzip(res.rawPayload);
    const document = await docx.read('word/document.xml');
    const text = textOf(document);
    expect(text).toContain('Szkoda w lokalu – Łódź');
    expect(text).toContain('Czy najemca odpowiada za zalanie mieszkania?');
    expect(text).toContain('Załączniki: umowa najmu.pdf');
    expect(text).not.toContain('WERSJA-UKRYTA');
    // Markdown became structure, not literal marks.
    expect(text).not.toMatch(/\*\*|##|\|/);
    expect(document).toMatch(/<w:pStyle w:val="Heading3"\/>.*?Odpowiedzialność najemcy/);
    const table = /<w:tbl>.*?<\/w:tbl>/s.exec(document)?.[0] ?? '';
    expect(textOf(table)).toBe('PrzepisTreśćart. 471 k.c.odpowiedzialność kontraktowa');
    expect(document).toMatch(/<w:numPr>.*?<\/w:numPr>.*?zgłoś szkodę/);
    expect(document).toMatch(/<w:i\/>.*?udokumentuj/);
    expect(text).toContain('termin = 30 dni');
    // One footnote for each source, at its first citation, with its link and state.
    expect(document.match(/<w:footnoteReference w:id="\d+"\/>/g)).toHaveLength(2);
    const footnotes = textOf(await docx.read('word/footnotes.xml'));
    expect(footnotes).toContain(
      'art. 415 k.c.: Ustawa z dnia 23 kwietnia 1964 r. - Kodeks cywilny. Obowiązuje',
    );
    expect(footnotes).toContain(
      'C-311/18: Trybunał Sprawiedliwości UE, sprawa C-311/18. Niesprawdzony',
    );
    const links = await docx.read('word/_rels/document.xml.rels');
    expect(links).toContain('https://eli.gov.pl/eli/DU/1964/93/ogl');
    expect(links).toContain('https://example.org/komentarz');
    const header = textOf(await docx.read('word/header1.xml'));
    expect(header).toBe(owner.email);
    const footer = await docx.read('word/footer1.xml');
    expect(footer).toContain('PAGE');
    expect(footer).toContain('NUMPAGES');
    expect(textOf(footer)).toContain('Themis udziela informacji prawnych');
  });

  it('writes a PDF whose text keeps the Polish letters, the table and the sources', async () => {
    const conversation = await conversationToExport(owner);
    const res = await exportOf(owner.client, conversation.id, 'pdf');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const { text, totalPages } = await pdfText(res.rawPayload);
    expect(totalPages).toBe(1);
    for (const expected of [
      'Szkoda w lokalu – Łódź',
      'Czy najemca odpowiada za zalanie mieszkania?',
      'Odpowiedzialność najemcy',
      'odpowiedzialność kontraktowa',
      'termin = 30 dni',
      'Źródła',
      'Ustawa z dnia 23 kwietnia 1964 r. - Kodeks cywilny. Obowiązuje',
      'Strona 1 z 1',
      'Załączniki: umowa najmu.pdf',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('WERSJA-UKRYTA');
    expect(text).not.toContain('**');
  });

  it('dates the file in the reader’s time zone and language', async () => {
    const conversation = await conversationToExport(visitor, 'Lease');
    const res = await exportOf(visitor.client, conversation.id, 'md', 'America/New_York');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain('Exported on: 4 December 2026 at 04:30');
    expect(res.body).toContain('## Question · 4 December 2026 at 04:30');
    expect(res.body).toContain('1. [art. 415 k.c.]');
    expect(res.headers['content-disposition']).toContain('filename="Lease 2026-12-04.md"');
    // The page's language over the account's.
    const polish = await visitor.client.get(
      `/api/conversation/export/${conversation.id}?format=md&lang=pl`,
    );
    expect(polish.body).toContain('Data eksportu: 04.12.2026, 09:30');
  });

  it('refuses an unknown format or time zone as a validation error', async () => {
    const conversation = await conversationToExport(owner);
    for (const query of ['format=odt', 'format=md&time_zone=Mars%2FOlympus', '']) {
      const res = await owner.client.get(`/api/conversation/export/${conversation.id}?${query}`);
      expect([res.statusCode, res.json().detail]).toEqual([400, 'validation_error']);
    }
  });

  it('is described in the API document with its three media types', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json();
    for (const path of [
      '/api/conversation/export/{pk}',
      '/api/conversation/share/export/{secret}',
    ]) {
      expect(Object.keys(doc.paths[path].get.responses['200'].content)).toEqual([
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        'application/pdf',
        'text/markdown; charset=utf-8',
      ]);
    }
  });

  it('answers someone else’s conversation as not found', async () => {
    const conversation = await conversationToExport(owner);
    const res = await exportOf(visitor.client, conversation.id, 'docx');
    expect([res.statusCode, res.json().detail]).toEqual([404, 'not_found']);
  });

  it('limits how many files a user makes in a minute', async () => {
    const account = await signedUpClient(t);
    const conversation = await conversationToExport(account);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => exportOf(account.client, conversation.id, 'md')),
    );
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(2);
  });
});

describe('exporting a shared conversation', () => {
  it('gives a visitor the copy the link shows, under the visitor’s name', async () => {
    const conversation = await conversationToExport(owner, 'Udostępniona');
    const link = await share(owner, conversation.id);
    // Changed after sharing: the link keeps its copy.
    await insertMessages(t, conversation, [{ role: 'user', content: 'PÓŹNIEJSZE-PYTANIE' }]);
    const res = await visitor.client.get(
      `/api/conversation/share/export/${secretOf(link)}?format=md`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain('# Udostępniona');
    expect(res.body).toContain('*Shared conversation*');
    expect(res.body).toContain(`Exported by: ${visitor.email}`);
    expect(res.body).toContain('Attachments: umowa najmu.pdf');
    expect(res.body).not.toContain('PÓŹNIEJSZE-PYTANIE');
    expect(res.body).not.toContain('WERSJA-UKRYTA');
  });

  it('refuses a disabled link as not found', async () => {
    const conversation = await conversationToExport(owner, 'Wyłączona');
    const link = await share(owner, conversation.id);
    const disabled = await owner.client.post(`/api/conversation/share/disable/${link.pk}`);
    expect(disabled.statusCode, disabled.body).toBe(200);
    const res = await visitor.client.get(
      `/api/conversation/share/export/${secretOf(link)}?format=pdf`,
    );
    expect([res.statusCode, res.json().detail]).toEqual([404, 'not_found']);
  });
});

describe('an organization’s export switch', () => {
  it('puts the firm’s name on the letterhead, and once turned off refuses its members and its links', async () => {
    const firmOwner = await signedUpClient(t);
    const organizationId = await createOrganization(firmOwner.client, 'Kancelaria Żak i Wspólnicy');
    const conversation = await insertConversation(t, firmOwner.user.pk, {
      name: 'Sprawa',
      organizationId,
    });
    await insertMessages(t, conversation, [
      { role: 'user', content: 'Pytanie firmy' },
      { role: 'assistant', content: 'Odpowiedź firmy', modelId: MODEL },
    ]);
    const logo = await firmOwner.client.request({
      method: 'PUT',
      url: `/api/organization/update/${organizationId}`,
      ...multipartBody([
        { name: 'avatar', data: await png(), filename: 'logo.png', contentType: 'image/png' },
      ]),
    });
    expect(logo.statusCode, logo.body).toBe(200);
    const allowed = await exportOf(firmOwner.client, conversation.id, 'docx');
    expect(allowed.statusCode, allowed.body).toBe(200);
    const docx = await unzip(allowed.rawPayload);
    expect(textOf(await docx.read('word/header1.xml')).trim()).toBe('Kancelaria Żak i Wspólnicy');
    // The logo, made a PNG: Word shows no webp.
    const [image] = docx.names.filter((name) => name.startsWith('word/media/'));
    expect(image).toMatch(/\.png$/);
    const pdf = await exportOf(firmOwner.client, conversation.id, 'pdf');
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.rawPayload.toString('latin1')).toMatch(/\/Subtype \/Image/);

    const off = await firmOwner.client.put(`/api/organization/update/${organizationId}`, {
      is_export_allowed: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().is_export_allowed).toBe(false);
    const refused = await exportOf(firmOwner.client, conversation.id, 'md');
    expect([refused.statusCode, refused.json().detail]).toEqual([403, 'export_disabled']);
    // Its links are read as before, but not taken away as files.
    const link = await share(firmOwner, conversation.id);
    const viaLink = await firmOwner.client.get(
      `/api/conversation/share/export/${secretOf(link)}?format=md`,
    );
    expect([viaLink.statusCode, viaLink.json().detail]).toEqual([403, 'export_disabled']);
    const listed = await firmOwner.client.get(
      `/api/conversation/share/list-messages/${secretOf(link)}`,
    );
    expect(listed.statusCode, listed.body).toBe(200);
  });
});
