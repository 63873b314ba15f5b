import { expect, type Page } from '@playwright/test';
import { E2E_ANSWER_END, E2E_LLM_MODEL, E2E_LLM_MODEL_NAME } from './env';

/** The chat with the test provider's model chosen; `question` asked, its answer written. */
export async function askWithSources(page: Page, question: string) {
  await page.context().addInitScript((model) => {
    window.localStorage.setItem('themis.chat.model', model);
  }, `openai:${E2E_LLM_MODEL}`);
  await page.goto('/chat');
  await expect(page.getByRole('button', { name: E2E_LLM_MODEL_NAME })).toBeVisible();
  await page.getByTestId('chat-input').fill(question);
  await page.getByTestId('chat-input').press('Enter');
  const answer = page.getByRole('article').filter({ hasText: E2E_ANSWER_END });
  await expect(answer).toContainText(E2E_ANSWER_END);
  await expect(page.getByTestId('streaming-cursor')).toHaveCount(0);
  return answer;
}
