import { signUpThroughApi, textsOf } from './accounts';
import { askWithSources } from './citations';
import { E2E_CITING_QUESTION_MARK, E2E_REGISTERS_PORT } from './env';
import { expect, test } from './fixtures';

// With the Sejm's register down, an answer still comes whole with its citations linked; what
// could not be checked says so. The register is shared by every page, so this runs alone.

const tell = (mode: 'up' | 'down') =>
  fetch(`http://127.0.0.1:${E2E_REGISTERS_PORT}/test/mode/${mode}`, { method: 'POST' });

test('with the register down an answer comes whole, its citations linked but not checked', async ({
  page,
}) => {
  const { citations } = textsOf('en').chat;
  // An act no check has asked for before, so nothing kept stands in for the register.
  const position = 10_000 + (Date.now() % 80_000);
  expect((await tell('down')).status).toBe(204);
  try {
    await signUpThroughApi(page);
    const answer = await askWithSources(
      page,
      `Explain ${E2E_CITING_QUESTION_MARK}, poz. ${position}`,
    );
    const invented = `Dz. U. z 2023 r. poz. ${position}`;
    await expect(answer.getByRole('link', { name: invented })).toHaveAttribute(
      'href',
      `https://eli.gov.pl/eli/DU/2023/${position}/ogl`,
    );
    await expect(
      answer.getByTestId('answer-sources').getByRole('listitem').last().getByTestId('source-state'),
    ).toHaveText(citations.states.not_checked);
  } finally {
    expect((await tell('up')).status).toBe(204);
  }
});
