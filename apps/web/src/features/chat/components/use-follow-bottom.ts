import { useCallback, useEffect, useRef, useState } from 'react';

/** Closer than this to the end counts as at the end (sub-pixel sizes and rounding). */
const AT_BOTTOM_PX = 24;

interface ScrollGeometry {
  scrollTop: number;
  scrollHeight: number;
  clientHeight: number;
}

export const isAtBottom = (element: ScrollGeometry) =>
  element.scrollHeight - element.scrollTop - element.clientHeight <= AT_BOTTOM_PX;

/**
 * Whether a scroll event means the reader left the end: they moved up and are no longer there.
 * Following only ever moves the view down, and content that shrinks leaves it at the end.
 */
export const leftBottom = (previousTop: number, element: ScrollGeometry) =>
  !isAtBottom(element) && element.scrollTop < previousTop - 1;

/**
 * A scroll up counts as the reader's only this long after their last key or press: the list
 * moves the view itself too (items measured, the question's place handed to the list), and
 * that must not stop following.
 */
const READER_SCROLL_MS = 1_000;

/** The keys that scroll a page, when no field takes them. */
const SCROLL_KEYS = new Set(['ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End', ' ']);

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || target.tagName === 'INPUT' || target.tagName === 'TEXTAREA');

const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;

function scrollToEnd(element: HTMLElement, behavior: ScrollBehavior) {
  const top = element.scrollHeight;
  if (typeof element.scrollTo === 'function') element.scrollTo({ top, behavior });
  else element.scrollTop = top;
}

/**
 * Keeps a scroller pinned to its end while the reader is there, as content grows below: a
 * wheel or touch upwards, or a scroll up that follows the reader's key or press (keys,
 * scrollbar), stops it; reaching the end again, or `jumpToEnd`, resumes it.
 */
export function useFollowBottom(startFollowing: boolean) {
  const [scroller, setScrollerState] = useState<HTMLElement | null>(null);
  // Virtuoso may report the list's height in the commit that gives us the scroller, before
  // the state above re-renders: the growth callback reads this.
  const scrollerRef = useRef<HTMLElement | null>(null);
  const setScroller = useCallback((element: HTMLElement | null) => {
    // A list replaced by another (a new key) may let go of its scroller after the new list
    // gave its own (its cleanup may run after the new list's effects): that release is stale.
    if (!element && scrollerRef.current?.isConnected) return;
    scrollerRef.current = element;
    setScrollerState(element);
  }, []);
  const [following, setFollowingState] = useState(startFollowing);
  // A scroll to the end was made here and the view has not reached the end since.
  const endWanted = useRef(false);
  // Read by the growth callback between renders.
  const followingRef = useRef(startFollowing);
  const startRef = useRef(startFollowing);
  // Before the scroller effect below, which reads it in the same commit.
  useEffect(() => {
    startRef.current = startFollowing;
  }, [startFollowing]);
  const setFollowing = useCallback((value: boolean) => {
    followingRef.current = value;
    setFollowingState(value);
  }, []);

  useEffect(() => {
    if (!scroller) return;
    // A new scroller is a new list (another page or conversation): it starts afresh.
    setFollowing(startRef.current);
    let previousTop = scroller.scrollTop;
    let touchY: number | undefined;
    let readerInputAt = -Infinity;
    let pressed = false;
    const onScroll = () => {
      const byReader = pressed || performance.now() - readerInputAt < READER_SCROLL_MS;
      if (isAtBottom(scroller)) {
        setFollowing(true);
        endWanted.current = false;
      } else if (byReader) {
        endWanted.current = false;
        if (leftBottom(previousTop, scroller)) setFollowing(false);
      } else if (endWanted.current && followingRef.current) {
        // The list moved the view back up as it measured what a scroll to the end drew: to
        // the end again, or the answer may stay below, never drawn.
        scrollToEnd(scroller, 'auto');
      }
      previousTop = scroller.scrollTop;
    };
    // Keys that act on a message (Enter on "write again") leave the list to move the view.
    const onKeyDown = (event: KeyboardEvent) => {
      if (SCROLL_KEYS.has(event.key) && !isTyping(event.target)) readerInputAt = performance.now();
    };
    // A press on the scrollbar, held while it is dragged. A press on a message's buttons is
    // not a scroll: what it starts (a new version) moves the view as the list redraws.
    const onPointerDown = (event: PointerEvent) => {
      if (event.target !== scroller) return;
      pressed = true;
      readerInputAt = performance.now();
    };
    const onPointerUp = () => {
      if (!pressed) return;
      pressed = false;
      readerInputAt = performance.now();
    };
    // Acted on at once: the growing answer must not win against the reader's first move.
    const onWheel = (event: WheelEvent) => {
      if (event.deltaY < 0) setFollowing(false);
    };
    const onTouchStart = (event: TouchEvent) => {
      touchY = event.touches[0]?.clientY;
    };
    const onTouchMove = (event: TouchEvent) => {
      const y = event.touches[0]?.clientY;
      // A finger moving down scrolls the content up.
      if (touchY !== undefined && y !== undefined && y > touchY) setFollowing(false);
      touchY = y;
    };
    scroller.addEventListener('scroll', onScroll, { passive: true });
    scroller.addEventListener('wheel', onWheel, { passive: true });
    scroller.addEventListener('touchstart', onTouchStart, { passive: true });
    scroller.addEventListener('touchmove', onTouchMove, { passive: true });
    scroller.addEventListener('pointerdown', onPointerDown);
    const page = scroller.ownerDocument;
    page.addEventListener('keydown', onKeyDown, true);
    page.addEventListener('pointerup', onPointerUp, true);
    return () => {
      scroller.removeEventListener('pointerdown', onPointerDown);
      page.removeEventListener('keydown', onKeyDown, true);
      page.removeEventListener('pointerup', onPointerUp, true);
      scroller.removeEventListener('scroll', onScroll);
      scroller.removeEventListener('wheel', onWheel);
      scroller.removeEventListener('touchstart', onTouchStart);
      scroller.removeEventListener('touchmove', onTouchMove);
    };
  }, [scroller, setFollowing]);

  /** The content grew or changed: back to the end if following. */
  const contentChanged = useCallback(() => {
    const element = scrollerRef.current;
    if (!element || !followingRef.current) return;
    // Even a few pixels short would hide part of the last line.
    const short = element.scrollHeight - element.scrollTop - element.clientHeight;
    if (short <= 0.5) return;
    endWanted.current = true;
    scrollToEnd(element, 'auto');
  }, []);

  /** To the end, following from there (smoothly unless the reader prefers less motion). */
  const jumpToEnd = useCallback(
    (behavior: ScrollBehavior = prefersReducedMotion() ? 'auto' : 'smooth') => {
      setFollowing(true);
      if (!scroller) return;
      // A smooth scroll is short of the end until it ends: not a move to overrule.
      endWanted.current = behavior !== 'smooth';
      scrollToEnd(scroller, behavior);
    },
    [scroller, setFollowing],
  );

  return { setScroller, following, contentChanged, jumpToEnd };
}
