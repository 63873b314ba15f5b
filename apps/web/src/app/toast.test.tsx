import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { useToast } from './toast';

function SaveButton() {
  const toast = useToast();
  return (
    <button type="button" onClick={() => toast.show('saved-message', { variant: 'success' })}>
      save
    </button>
  );
}

describe('useToast', () => {
  it('shows a toast', async () => {
    renderWithProviders(<SaveButton />);
    fireEvent.click(screen.getByRole('button'));
    expect(await screen.findByText('saved-message')).toBeTruthy();
  });
});
