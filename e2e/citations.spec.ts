import { applyVariant, signUpThroughApi, textsOf, WALK_VARIANTS } from './accounts';
import { askWithSources } from './citations';
import { E2E_CITING_QUESTION_MARK, E2E_INVENTED_ACT } from './env';
import { expect, expectAccessible, test } from './fixtures';

// An answer streamed from the model provider that cites a code's article, a repealed act, an
// EU regulation, a judgment and an act that does not exist: each citation a link to its
// official source, the sources listed under the answer with what the registers (the local
// stand-in of the Sejm's ELI API and SAOS) say of each.

/** English and light at 1440 px, Polish and dark at 375 px. */
const WALKS = WALK_VARIANTS;

for (const variant of WALKS) {
  const { language, label } = variant;
  const { citations } = textsOf(language).chat;

  test(`an answer's citations link their sources, checked in the registers (${label})`, async ({
    page,
  }) => {
    await applyVariant(page, variant);
    await signUpThroughApi(page);
    const answer = await askWithSources(page, `Explain tort liability ${E2E_CITING_QUESTION_MARK}`);

    const link = (name: string) => answer.getByRole('link', { name, exact: true });
    await expect(link('art. 415 k.c.')).toHaveAttribute(
      'href',
      'https://eli.gov.pl/eli/DU/1964/93/ogl',
    );
    await expect(link('Dz.U. 1997 Nr 133, poz. 883')).toHaveAttribute(
      'href',
      'https://eli.gov.pl/eli/DU/1997/883/ogl',
    );
    await expect(link('Regulation (EU) 2016/679')).toHaveAttribute(
      'href',
      `https://eur-lex.europa.eu/legal-content/${language.toUpperCase()}/TXT/?uri=CELEX:32016R0679`,
    );
    await expect(link('III CZP 25/22')).toHaveAttribute('href', /saos\.org\.pl/);
    for (const name of ['art. 415 k.c.', 'III CZP 25/22']) {
      await expect(link(name)).toHaveAttribute('target', '_blank');
      await expect(link(name)).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    }

    // The sources, folded on a phone, each with what its register says.
    const sources = answer.getByTestId('answer-sources');
    if (variant.viewport.width < 768) {
      await expect(sources.getByRole('listitem').first()).toBeHidden();
      await sources.locator('summary').click();
    }
    const items = sources.getByRole('listitem');
    await expect(items.getByTestId('source-state')).toHaveText([
      citations.states.in_force,
      citations.states.repealedOn.replace('{{date}}', '25.05.2018'),
      citations.states.not_checked,
      citations.states.found,
      citations.states.not_found,
    ]);
    // The repealed act names the act that repealed it.
    await expect(items.nth(1).getByTestId('source-repealed-by').getByRole('link')).toHaveAttribute(
      'href',
      'https://eli.gov.pl/eli/DU/2018/1000/ogl',
    );
    await expect(items.nth(3).getByRole('link')).toHaveAttribute(
      'href',
      'https://www.saos.org.pl/judgments/12345',
    );
    await expectAccessible(page, `an answer with its sources checked, ${label}`);

    // The act that does not exist says so where it is cited, on hover or focus.
    await link(E2E_INVENTED_ACT).hover();
    await expect(page.getByRole('tooltip')).toContainText(citations.states.not_found);
    await expectAccessible(page, `a citation's tooltip, ${label}`);
  });
}
