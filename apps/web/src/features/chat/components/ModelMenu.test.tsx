import type { ModelInfo } from '@themis/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../app/i18n';
import { renderWithProviders } from '../../../test/render';
import { MODELS } from '../test-data';
import { ModelMenu } from './ModelMenu';

const MANY: ModelInfo[] = [
  ...MODELS,
  ...['Claude Sonnet 4.5', 'Claude Haiku 4.5', 'Llama 3.1 70B'].map((name, index) => ({
    ...MODELS[0]!,
    id: `other:${index}`,
    model: `model-${index}`,
    display_name: name,
  })),
];

/** The menu opened; its list loads at the first opening (lazily, as in the app). */
async function renderMenu(models = MANY) {
  const onChoose = vi.fn();
  renderWithProviders(<ModelMenu models={models} model={models[0]} onChoose={onChoose} />);
  fireEvent.click(screen.getByRole('button', { name: 'Model: GPT-4o' }));
  return {
    onChoose,
    filter: await screen.findByRole('textbox', { name: 'Filter models by name' }),
  };
}

const shownNames = () =>
  screen
    .queryAllByRole('menuitem')
    .map((item) => item.querySelector('.MuiListItemText-primary')?.textContent);

describe('model menu', () => {
  it('filters the models by name as the user types', async () => {
    const { filter, onChoose } = await renderMenu();
    expect(screen.getByRole('dialog', { name: 'Choose a model' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(filter));
    expect(shownNames()).toHaveLength(5);
    fireEvent.change(filter, { target: { value: 'claude' } });
    expect(shownNames()).toEqual(['Claude Sonnet 4.5', 'Claude Haiku 4.5']);
    // The demo is found under its translated name.
    fireEvent.change(filter, { target: { value: 'DEMO' } });
    expect(shownNames()).toEqual(['Themis demo (not a real model)']);
    fireEvent.click(screen.getByRole('menuitem', { name: /Themis demo/ }));
    expect(onChoose).toHaveBeenCalledWith('demo:demo');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says when no model has the name', async () => {
    const { filter } = await renderMenu();
    fireEvent.change(filter, { target: { value: 'gemini' } });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe(
      'No models with the specified name were found.',
    );
    fireEvent.change(filter, { target: { value: '' } });
    expect(shownNames()).toHaveLength(5);
  });

  it('is used with the keyboard alone', async () => {
    const { filter, onChoose } = await renderMenu();
    fireEvent.change(filter, { target: { value: 'llama' } });
    // Enter takes the first model shown.
    fireEvent.keyDown(filter, { key: 'Enter' });
    expect(onChoose).toHaveBeenLastCalledWith('other:2');

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Model: GPT-4o' }));
    // Closing forgot the filter.
    const again = screen.getByRole('textbox', { name: 'Filter models by name' });
    expect((again as HTMLInputElement).value).toBe('');
    fireEvent.keyDown(again, { key: 'ArrowDown' });
    const items = screen.getAllByRole('menuitem');
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(items[0]!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items[1]);
    fireEvent.keyDown(items[1]!, { key: 'ArrowUp' });
    fireEvent.keyDown(items[0]!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(again);
    fireEvent.keyDown(again, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('speaks Polish', async () => {
    await i18n.changeLanguage('pl');
    renderWithProviders(<ModelMenu models={MANY} model={MANY[0]} onChoose={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Model: GPT-4o' }));
    const dialog = await screen.findByRole('dialog', { name: 'Wybierz model' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Filtruj modele po nazwie' }), {
      target: { value: 'xyz' },
    });
    expect(within(dialog).getByRole('status').textContent).toBe(
      'Nie znaleziono modeli o podanej nazwie.',
    );
  });
});
