import { act, fireEvent, screen } from '@testing-library/react';
import { useCallback, useRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../app/i18n';
import { renderWithProviders } from '../../../test/render';
import { JumpToLatestButton } from './JumpToLatestButton';
import { isAtBottom, leftBottom, useFollowBottom } from './use-follow-bottom';

const VIEW = 500;

/** A scroller whose geometry the test sets, since jsdom lays nothing out. */
function Harness({ startFollowing = true }: { startFollowing?: boolean }) {
  const { setScroller, following, contentChanged, jumpToEnd } = useFollowBottom(startFollowing);
  return (
    <div style={{ position: 'relative' }}>
      <div data-testid="scroller" ref={setScroller} />
      <button type="button" onClick={contentChanged}>
        grown
      </button>
      {!following && <JumpToLatestButton onClick={() => jumpToEnd()} />}
    </div>
  );
}

function defineGeometry(
  element: HTMLElement,
  geometry: { scrollTop: number; scrollHeight: number },
) {
  Object.defineProperties(element, {
    clientHeight: { get: () => VIEW },
    scrollHeight: { get: () => geometry.scrollHeight },
    scrollTop: {
      get: () => geometry.scrollTop,
      set: (top: number) => {
        geometry.scrollTop = Math.max(0, Math.min(top, geometry.scrollHeight - VIEW));
      },
    },
  });
}

function renderScroller(options: { startFollowing?: boolean; height?: number } = {}) {
  renderWithProviders(<Harness startFollowing={options.startFollowing} />);
  const element = screen.getByTestId('scroller');
  const geometry = { scrollTop: 0, scrollHeight: options.height ?? 2000 };
  defineGeometry(element, geometry);
  const scrollTo = vi.fn((options: ScrollToOptions) => {
    element.scrollTop = options.top ?? 0;
    fireEvent.scroll(element);
  });
  element.scrollTo = scrollTo as typeof element.scrollTo;
  /** The reader moves the view to `top` with a key (or the browser for them). */
  const scrollUserTo = (top: number) => {
    fireEvent.keyDown(element, { key: 'PageUp' });
    element.scrollTop = top;
    fireEvent.scroll(element);
  };
  /** The list itself moves the view to `top` (items measured), with no input from the reader. */
  const listMovesTo = (top: number) => {
    element.scrollTop = top;
    fireEvent.scroll(element);
  };
  /** The answer grows by `px`, and the list reports it as Virtuoso does. */
  const grow = (px: number) => {
    geometry.scrollHeight += px;
    fireEvent.click(screen.getByRole('button', { name: 'grown' }));
  };
  const bottom = () => geometry.scrollHeight - VIEW;
  return { element, geometry, scrollTo, scrollUserTo, listMovesTo, grow, bottom };
}

const jumpButton = () => screen.queryByRole('button', { name: 'Jump to the latest message' });

describe('the end of a scroller', () => {
  it('counts a few pixels short as at the end, and only a move up as leaving it', () => {
    const at = (scrollTop: number) => ({ scrollTop, scrollHeight: 1000, clientHeight: 500 });
    expect(isAtBottom(at(500))).toBe(true);
    expect(isAtBottom(at(480))).toBe(true);
    expect(isAtBottom(at(400))).toBe(false);
    expect(leftBottom(500, at(300))).toBe(true);
    // Content that grew below a still view has not been left by the reader.
    expect(leftBottom(300, at(300))).toBe(false);
    expect(leftBottom(300, at(350))).toBe(false);
  });
});

/** Reports the list's height as soon as it has the scroller, before any re-render. */
function ReportsAtOnce({ geometry }: { geometry: { scrollTop: number; scrollHeight: number } }) {
  const { setScroller, contentChanged } = useFollowBottom(true);
  // The callback as it was at the first render, like a list that kept the first one it got.
  const firstContentChanged = useRef(contentChanged);
  const attach = useCallback(
    (element: HTMLDivElement | null) => {
      setScroller(element);
      if (!element) return;
      defineGeometry(element, geometry);
      firstContentChanged.current();
    },
    [setScroller, geometry],
  );
  return <div ref={attach} />;
}

/**
 * A list replaced by another, its cleanup run last: the new list gives its scroller first, then
 * the old one lets go of its own.
 */
function ReplacedList() {
  const { setScroller, following } = useFollowBottom(true);
  const swap = () => {
    setScroller(screen.getByTestId('new-scroller'));
    setScroller(null);
  };
  return (
    <div>
      <div data-testid="new-scroller" />
      <button type="button" onClick={swap}>
        replace
      </button>
      {!following && <JumpToLatestButton onClick={() => undefined} />}
    </div>
  );
}

describe('a replaced list', () => {
  it('keeps the new scroller when the old list lets go of its own last', () => {
    renderWithProviders(<ReplacedList />);
    fireEvent.click(screen.getByRole('button', { name: 'replace' }));
    fireEvent.wheel(screen.getByTestId('new-scroller'), { deltaY: -40 });
    expect(jumpButton()).not.toBeNull();
  });
});

describe('following a growing answer', () => {
  it('goes to the end when the height is reported with the scroller itself', () => {
    const geometry = { scrollTop: 0, scrollHeight: 2000 };
    renderWithProviders(<ReportsAtOnce geometry={geometry} />);
    expect(geometry.scrollTop).toBe(2000 - VIEW);
  });

  it('keeps the view at the end while the answer grows', () => {
    const s = renderScroller();
    s.scrollUserTo(s.bottom());
    s.grow(300);
    expect(s.geometry.scrollTop).toBe(s.bottom());
    s.grow(10);
    expect(s.geometry.scrollTop).toBe(s.bottom());
    expect(jumpButton()).toBeNull();
  });

  it('stops at a wheel turned upwards, even before the view moves, and offers the jump', () => {
    const s = renderScroller();
    s.scrollUserTo(s.bottom());
    fireEvent.wheel(s.element, { deltaY: -40 });
    const stayed = s.geometry.scrollTop;
    s.grow(300);
    expect(s.geometry.scrollTop).toBe(stayed);
    expect(jumpButton()).not.toBeNull();
  });

  it('ignores a wheel turned downwards', () => {
    const s = renderScroller();
    s.scrollUserTo(s.bottom());
    fireEvent.wheel(s.element, { deltaY: 40 });
    s.grow(300);
    expect(s.geometry.scrollTop).toBe(s.bottom());
  });

  it('stops when a finger drags the content down', () => {
    const s = renderScroller();
    s.scrollUserTo(s.bottom());
    fireEvent.touchStart(s.element, { touches: [{ clientY: 100 }] });
    fireEvent.touchMove(s.element, { touches: [{ clientY: 140 }] });
    s.grow(300);
    expect(s.geometry.scrollTop).toBe(s.bottom() - 300);
    expect(jumpButton()).not.toBeNull();
  });

  it('stops when the view moves up by keys or the scrollbar', () => {
    const s = renderScroller();
    s.scrollUserTo(s.bottom());
    s.scrollUserTo(s.bottom() - 200);
    s.grow(300);
    expect(s.geometry.scrollTop).toBe(s.bottom() - 500);
    expect(jumpButton()).not.toBeNull();
  });

  it('stops when the scrollbar is dragged up', () => {
    const s = renderScroller();
    s.listMovesTo(s.bottom());
    fireEvent.pointerDown(s.element);
    s.listMovesTo(s.bottom() - 200);
    fireEvent.pointerUp(s.element);
    s.grow(300);
    expect(s.geometry.scrollTop).toBe(s.bottom() - 500);
    expect(jumpButton()).not.toBeNull();
  });

  it('keeps following when the list moves the view up by itself, or while the reader types', () => {
    const s = renderScroller();
    s.listMovesTo(s.bottom());
    s.listMovesTo(s.bottom() - 200);
    s.grow(300);
    expect(s.geometry.scrollTop).toBe(s.bottom());
    // A scroll to the end that the list overrules at once, moving the view back up as it
    // measures what it drew there: put back at the end, as the content may not grow again.
    const scrollToEnd = s.element.scrollTo;
    s.element.scrollTo = vi.fn(() => {
      s.element.scrollTo = scrollToEnd;
      s.listMovesTo(s.bottom() - 200);
    }) as typeof s.element.scrollTo;
    s.grow(300);
    expect(s.geometry.scrollTop).toBe(s.bottom());
    const box = document.createElement('textarea');
    document.body.append(box);
    fireEvent.keyDown(box, { key: 'a' });
    s.listMovesTo(s.bottom() - 200);
    s.grow(100);
    expect(s.geometry.scrollTop).toBe(s.bottom());
    expect(jumpButton()).toBeNull();
    box.remove();
  });

  it("keeps following after a press or Enter on a message's button, as the list redraws", () => {
    const s = renderScroller();
    s.listMovesTo(s.bottom());
    // "Write the answer again" inside the list: the old answer goes, the list moves the view.
    const button = document.createElement('button');
    s.element.append(button);
    fireEvent.pointerDown(button);
    s.listMovesTo(s.bottom() - 200);
    fireEvent.pointerUp(button);
    s.grow(300);
    expect(s.geometry.scrollTop).toBe(s.bottom());
    fireEvent.keyDown(button, { key: 'Enter' });
    s.listMovesTo(s.bottom() - 200);
    s.grow(300);
    expect(s.geometry.scrollTop).toBe(s.bottom());
    expect(jumpButton()).toBeNull();
  });

  it('follows again once the reader scrolls back to the end', () => {
    const s = renderScroller();
    s.scrollUserTo(s.bottom());
    s.scrollUserTo(100);
    expect(jumpButton()).not.toBeNull();
    s.scrollUserTo(s.bottom() - 10);
    expect(jumpButton()).toBeNull();
    s.grow(300);
    expect(s.geometry.scrollTop).toBe(s.bottom());
  });

  it('jumps to the end from the button, smoothly, and follows from there', () => {
    const s = renderScroller();
    s.scrollUserTo(s.bottom());
    s.scrollUserTo(0);
    fireEvent.click(jumpButton()!);
    expect(s.scrollTo).toHaveBeenLastCalledWith({
      top: s.geometry.scrollHeight,
      behavior: 'smooth',
    });
    expect(s.geometry.scrollTop).toBe(s.bottom());
    expect(jumpButton()).toBeNull();
    s.grow(300);
    expect(s.geometry.scrollTop).toBe(s.bottom());
  });

  it('lets a smooth jump run its course, short of the end until it ends', () => {
    const s = renderScroller();
    s.scrollUserTo(s.bottom());
    s.scrollUserTo(0);
    // Past the reader's last key, so that the animation's steps are not taken for theirs.
    const now = performance.now();
    const later = vi.spyOn(performance, 'now').mockReturnValue(now + 5_000);
    const smoothStep = vi.fn(() => s.listMovesTo(s.bottom() / 2));
    s.element.scrollTo = smoothStep as typeof s.element.scrollTo;
    fireEvent.click(jumpButton()!);
    expect(smoothStep).toHaveBeenCalledOnce();
    expect(s.geometry.scrollTop).toBe(s.bottom() / 2);
    later.mockRestore();
  });

  it('jumps without animation for a reader who prefers less motion', () => {
    const matchMedia = vi.fn((query: string) => ({ matches: query.includes('reduce') }));
    vi.stubGlobal('matchMedia', matchMedia);
    try {
      const s = renderScroller({ startFollowing: false });
      fireEvent.click(jumpButton()!);
      expect(s.scrollTo).toHaveBeenLastCalledWith({
        top: s.geometry.scrollHeight,
        behavior: 'auto',
      });
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('leaves a list opened elsewhere (at a search hit) where it is as the answer grows', () => {
    const s = renderScroller({ startFollowing: false });
    s.scrollUserTo(700);
    s.grow(300);
    expect(s.geometry.scrollTop).toBe(700);
    expect(jumpButton()).not.toBeNull();
  });

  it('names the button in Polish', async () => {
    await act(() => i18n.changeLanguage('pl'));
    renderScroller({ startFollowing: false });
    expect(screen.getByRole('button', { name: 'Przejdź do najnowszej wiadomości' })).toBeTruthy();
  });
});
