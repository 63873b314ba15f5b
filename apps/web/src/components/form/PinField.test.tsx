import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { PinField } from './PinField';

function renderPin() {
  const seen: string[] = [];
  function Harness() {
    const [value, setValue] = useState('');
    return (
      <PinField
        label="PIN"
        value={value}
        onChange={(next) => {
          seen.push(next);
          setValue(next);
        }}
      />
    );
  }
  renderWithProviders(<Harness />);
  return { last: () => seen.at(-1) };
}

const box = (position: number) =>
  screen.getByLabelText(`Digit ${position} of 6`) as HTMLInputElement;
const boxValues = () => [1, 2, 3, 4, 5, 6].map((position) => box(position).value).join('|');
const paste = (target: HTMLElement, text: string) =>
  fireEvent.paste(target, { clipboardData: { getData: () => text } });

describe('PIN boxes', () => {
  it('has six labelled numeric boxes', () => {
    renderPin();
    expect(screen.getByRole('group', { name: 'PIN' })).toBeTruthy();
    for (const position of [1, 2, 3, 4, 5, 6]) {
      expect(box(position).getAttribute('inputmode')).toBe('numeric');
    }
  });

  it('moves on as digits are typed, ignores other characters and goes back on Backspace', () => {
    const pin = renderPin();
    fireEvent.change(box(1), { target: { value: '1' } });
    expect(document.activeElement).toBe(box(2));
    fireEvent.change(box(2), { target: { value: 'x' } });
    expect(box(2).value).toBe('');
    expect(document.activeElement).toBe(box(2));
    fireEvent.change(box(2), { target: { value: '2' } });
    fireEvent.change(box(3), { target: { value: '3' } });
    expect(pin.last()).toBe('123');
    expect(document.activeElement).toBe(box(4));

    fireEvent.keyDown(box(4), { key: 'Backspace' });
    expect(box(3).value).toBe('');
    expect(document.activeElement).toBe(box(3));
    expect(pin.last()).toBe('12');
    fireEvent.keyDown(box(3), { key: 'Backspace' });
    expect(boxValues()).toBe('1|||||');
    expect(document.activeElement).toBe(box(2));
  });

  it('takes a paste of exactly six digits', () => {
    const pin = renderPin();
    paste(box(1), '482913');
    expect(boxValues()).toBe('4|8|2|9|1|3');
    expect(pin.last()).toBe('482913');
    expect(document.activeElement).toBe(box(6));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses any other paste with a message, until the next digit is typed', () => {
    const pin = renderPin();
    for (const text of ['12345', '1234567', '12a456', 'secret']) {
      paste(box(1), text);
      expect(screen.getByRole('alert').textContent).toBe('PIN must have 6 digits');
    }
    expect(boxValues()).toBe('|||||');
    expect(pin.last()).toBeUndefined();
    fireEvent.change(box(1), { target: { value: '7' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(pin.last()).toBe('7');
  });

  it('can show the digits it hides', () => {
    renderPin();
    expect(box(1).type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show PIN' }));
    expect(box(1).type).toBe('text');
    expect(screen.getByRole('button', { name: 'Hide PIN' })).toBeTruthy();
  });
});
