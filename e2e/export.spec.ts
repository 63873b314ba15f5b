import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import JSZip from 'jszip';
import { extractText } from 'unpdf';
import {
  applyVariant,
  openSidebar,
  signUpThroughApi,
  textsOf,
  WALK_VARIANTS,
  type Variant,
} from './accounts';
import { askWithSources } from './citations';
import { E2E_EXPORT_QUESTION_MARK, E2E_URL } from './env';
import { expect, expectAccessible, test } from './fixtures';

// A conversation with a heading, a table, a code block and a citation taken away as a file:
// Word from the chat's header, Markdown from the history's menu, PDF from its shared view,
// each file opened and read back.

const QUESTION = `Notice periods ${E2E_EXPORT_QUESTION_MARK}`;

/** The export dialog's file in `format`, saved by the browser; its bytes. */
async function exportFrom(page: Page, format: 'docx' | 'pdf' | 'md', variant: Variant) {
  const label = `export dialog, ${variant.label}`;
  const dialog = page.getByRole('dialog', { name: textsOf(variant.language).chat.export.title });
  await expect(dialog.getByTestId('export-download')).toBeVisible();
  await expectAccessible(page, label);
  await dialog.getByTestId(`export-format-${format}`).click();
  const saved: Promise<Download> = page.waitForEvent('download');
  await dialog.getByTestId('export-download').click();
  const download = await saved;
  await expect(dialog).toBeHidden();
  return { name: download.suggestedFilename(), bytes: await readFile((await download.path())!) };
}

for (const variant of WALK_VARIANTS) {
  const { language, label } = variant;
  const day = new Date().toISOString().slice(0, 10);

  test(`a conversation exported to Word, Markdown and, shared, to PDF (${label})`, async ({
    page,
  }) => {
    await applyVariant(page, variant);
    await signUpThroughApi(page);
    await askWithSources(page, QUESTION);
    await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
    const pk = page.url().split('/').pop()!;

    // Word, from the chat's header.
    await page.getByTestId('export-open').click();
    const word = await exportFrom(page, 'docx', variant);
    expect(word.name).toMatch(new RegExp(`${day}\\.docx$`));
    const zip = await JSZip.loadAsync(word.bytes);
    const documentXml = (await zip.file('word/document.xml')!.async('string')).replace(
      /<[^>]+>/g,
      '',
    );
    for (const text of [QUESTION, 'Notice periods', 'Rent paid', '3 months', 'notice = 3 months']) {
      expect(documentXml).toContain(text);
    }
    expect(documentXml).not.toContain('|');
    expect(await zip.file('word/footnotes.xml')!.async('string')).toContain('art. 673 § 1 k.c.');

    // Markdown, from the history's menu.
    const sidebar = await openSidebar(page, variant);
    // The row by its link: the test is of the export, not of when the history shows the name.
    await sidebar
      .locator('.MuiListItem-root', { has: page.locator(`a[href$="/chat/${pk}"]`) })
      .getByRole('button')
      .click();
    await expect(page.getByTestId('history-export')).toBeVisible();
    await expectAccessible(page, `history menu with export, ${label}`);
    await page.getByTestId('history-export').click();
    const markdown = await exportFrom(page, 'md', variant);
    const text = markdown.bytes.toString('utf8');
    expect(text).toContain(`# ${QUESTION}`);
    expect(text).toContain('| Rent paid | Notice |');
    expect(text).toContain('```text\nnotice = 3 months\n```');
    expect(text).toContain(`**${language === 'pl' ? 'Źródła' : 'Sources'}**`);
    expect(text).toContain('[art. 673 § 1 k.c.](<https://eli.gov.pl/eli/DU/1964/93/ogl>)');

    // PDF, from the conversation's shared view.
    const shared = await page.request.post(`/api/conversation/share/create/${pk}`, {
      headers: { origin: E2E_URL },
      data: {},
    });
    expect(shared.status()).toBe(201);
    const { shared_key: link } = (await shared.json()) as { shared_key: string };
    await page.goto(new URL(link).pathname);
    await expect(page.getByTestId('shared-conversation')).toBeVisible();
    await page.getByTestId('export-open').click();
    const pdf = await exportFrom(page, 'pdf', variant);
    expect(pdf.name).toMatch(/\.pdf$/);
    const { text: pdfText } = await extractText(new Uint8Array(pdf.bytes), { mergePages: true });
    for (const expected of ['Rent paid', 'notice = 3 months', 'art. 673 § 1 k.c.']) {
      expect(pdfText).toContain(expected);
    }
    expect(pdfText).toContain(language === 'pl' ? 'Udostępniona rozmowa' : 'Shared conversation');
  });
}
