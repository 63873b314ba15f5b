import { createElement, createRef, render } from 'preact/compat';
import { afterEach, describe, expect, it } from 'vitest';
import './autofocus';

const container = () => document.body.appendChild(document.createElement('div'));

afterEach(() => {
  document.body.innerHTML = '';
});

describe('autoFocus on Preact', () => {
  it('focuses the element when it is mounted, as React does, and keeps its ref', () => {
    const root = container();
    const ref = createRef<HTMLInputElement>();
    render(createElement('input', { 'aria-label': 'before' }), root);
    expect(document.activeElement).toBe(document.body);

    render(createElement('input', { autoFocus: true, ref, 'aria-label': 'name' }), root);
    expect(document.activeElement?.getAttribute('aria-label')).toBe('name');
    expect(ref.current).toBe(document.activeElement);
    expect(ref.current?.hasAttribute('autofocus')).toBe(false);
  });

  it('does not take the focus back when the element renders again', () => {
    const root = container();
    const other = document.body.appendChild(document.createElement('button'));
    const calls: (HTMLInputElement | null)[] = [];
    const ref = (element: HTMLInputElement | null) => void calls.push(element);
    render(createElement('input', { autoFocus: true, ref, value: 'a', readOnly: true }), root);
    other.focus();
    render(createElement('input', { autoFocus: true, ref, value: 'b', readOnly: true }), root);
    expect(document.activeElement).toBe(other);
    expect(calls.at(-1)).toBe(root.firstChild);
  });
});
