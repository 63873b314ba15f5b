import { createElement, render, useEffect, useState } from 'preact/compat';
import { afterEach, describe, expect, it } from 'vitest';
import './effects';

afterEach(() => {
  document.body.innerHTML = '';
});

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A button counting its clicks, and the counts its effect saw. */
function mountCounter() {
  const seen: number[] = [];
  function Counter() {
    const [count, setCount] = useState(0);
    useEffect(() => void seen.push(count), [count]);
    return createElement('button', { onClick: () => setCount((value) => value + 1) }, count);
  }
  const root = document.body.appendChild(document.createElement('div'));
  render(createElement(Counter, null), root);
  return { seen, button: root.querySelector('button')! };
}

describe('effects on Preact', () => {
  it('run in the task after an update that no event made, waiting for no frame', async () => {
    const { seen } = mountCounter();
    expect(seen).toEqual([]);
    await nextTask();
    expect(seen).toEqual([0]);
  });

  it('run before the next task after an update made by a click', async () => {
    const { seen, button } = mountCounter();
    await nextTask();
    button.click();
    // The update renders in a microtask and its effects right after it, before any task.
    await Promise.resolve();
    await Promise.resolve();
    await Promise.resolve();
    expect(button.textContent).toBe('1');
    expect(seen).toEqual([0, 1]);
  });
});
