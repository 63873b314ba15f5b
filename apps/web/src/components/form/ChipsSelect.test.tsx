import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { ChipsSelect } from './ChipsSelect';

const OPTIONS = ['Alpha', 'Beta', 'Gamma', 'Delta', 'Epsilon', 'Zeta'].map((label) => ({
  value: label.toLowerCase(),
  label,
}));

function Chosen({ initial }: { initial: string[] }) {
  const [value, setValue] = useState(initial);
  return <ChipsSelect label="Allowed models" options={OPTIONS} value={value} onChange={setValue} />;
}

describe('the chips select', () => {
  it('shows at most four chips in the options’ order, then +N, from a list 250 px high', () => {
    renderWithProviders(
      <Chosen initial={['zeta', 'alpha', 'beta', 'gamma', 'delta', 'epsilon']} />,
    );
    const select = screen.getByRole('combobox', { name: 'Allowed models' });
    expect(select.textContent).toBe('AlphaBetaGammaDelta+2');

    fireEvent.mouseDown(select);
    const list = screen.getByRole('listbox');
    expect(getComputedStyle(list.closest('.MuiPaper-root')!).maxHeight).toBe('250px');
    fireEvent.click(within(list).getByRole('option', { name: 'Beta' }));
    fireEvent.click(within(list).getByRole('option', { name: 'Gamma' }));
    expect(select.textContent).toBe('AlphaDeltaEpsilonZeta');
    expect(within(list).getByRole('option', { name: 'Gamma' }).getAttribute('aria-selected')).toBe(
      'false',
    );
  });
});
