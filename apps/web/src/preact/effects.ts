import { options } from 'preact';
import 'preact/compat';
import 'preact/hooks';

/**
 * Preact runs effects after the next animation frame, which a busy phone (or a background
 * tab) delays by tens of milliseconds; React runs those of an update made by a key press or
 * a click before the browser handles anything else, and the others in the next task. Here
 * too: a menu closed with Escape removes its focus trap in an effect, and until it has, a
 * key pressed next is pulled back into the menu. Run before the paint for every update (a
 * microtask), effects delayed the frame that shows a question just sent.
 */
const DISCRETE_EVENTS = new Set([
  'keydown',
  'keyup',
  'click',
  'dblclick',
  'contextmenu',
  'pointerdown',
  'pointerup',
  'mousedown',
  'mouseup',
  'touchstart',
  'touchend',
  'input',
  'change',
  'submit',
  'focusin',
  'focusout',
  'focus',
  'blur',
]);

// True for the rest of the task in which a discrete event reached a component.
let inDiscreteEvent = false;

const previousEvent = options.event;
options.event = (event: Event) => {
  if (!inDiscreteEvent && DISCRETE_EVENTS.has(event.type)) {
    inDiscreteEvent = true;
    setTimeout(() => {
      inDiscreteEvent = false;
    });
  }
  return previousEvent ? previousEvent(event) : event;
};

options.requestAnimationFrame = (flush: () => void) => {
  if (inDiscreteEvent) queueMicrotask(flush);
  else setTimeout(flush);
};
