import { createElement, render, useEffect, useState } from 'preact/compat';
import { afterEach, describe, expect, it } from 'vitest';
import './effects';

afterEach(() => {
  document.body.innerHTML = '';
});

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('effects on Preact', () => {
  it('run in the task after an update made by a click, waiting for no frame', async () => {
    const seen: number[] = [];
    function Counter() {
      const [count, setCount] = useState(0);
      useEffect(() => void seen.push(count), [count]);
      return createElement('button', { onClick: () => setCount((value) => value + 1) }, count);
    }
    const root = document.body.appendChild(document.createElement('div'));
    render(createElement(Counter, null), root);
    await nextTask();
    expect(seen).toEqual([0]);

    root.querySelector('button')!.click();
    // The update renders in a microtask; its effects come in the task after it.
    await Promise.resolve();
    await nextTask();
    expect(root.textContent).toBe('1');
    expect(seen).toEqual([0, 1]);
  });
});
