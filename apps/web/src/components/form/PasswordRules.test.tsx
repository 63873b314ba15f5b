import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { PasswordRules } from './PasswordRules';

const metRules = () =>
  screen
    .getAllByRole('listitem')
    .map((item) => item.getAttribute('data-met'))
    .filter((met) => met === 'true').length;

describe('PasswordRules', () => {
  it('shows no rule as met before anything is typed', () => {
    renderWithProviders(<PasswordRules password="" />);
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
    expect(metRules()).toBe(0);
  });

  it('marks each rule as the password meets it', () => {
    const { unmount } = renderWithProviders(<PasswordRules password="abc" />);
    // Only the allowed characters so far.
    expect(metRules()).toBe(1);
    unmount();
    renderWithProviders(<PasswordRules password="Abcdefg1" />);
    expect(metRules()).toBe(4);
  });
});
