import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { useToast } from './toast';

function SaveButton({ messages }: { messages: string[] }) {
  const toast = useToast();
  return (
    <button
      type="button"
      onClick={() => {
        for (const message of messages) void toast.show(message, { variant: 'success' });
      }}
    >
      save
    </button>
  );
}

describe('useToast', () => {
  it('shows a toast', async () => {
    renderWithProviders(<SaveButton messages={['saved-message']} />);
    fireEvent.click(screen.getByRole('button'));
    expect(await screen.findByText('saved-message')).toBeTruthy();
  });
});
