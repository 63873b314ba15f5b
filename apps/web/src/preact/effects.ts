import { options } from 'preact';
import 'preact/hooks';

/**
 * Preact runs effects after the next animation frame, which a busy phone (or a background
 * tab) delays by tens of milliseconds; React runs them right after the update, in the same
 * task for a key press or a click and in the next one otherwise. Then a key pressed just
 * after Escape closed a menu could reach the menu's button, which gets the focus back from
 * an effect. Effects run here in the task after the update: the browser may paint first but
 * waits for no frame. Run before the paint (a microtask), they delayed the frame that shows
 * a question just sent (measured in the bench's perceived speed).
 */
options.requestAnimationFrame = (flush: () => void) => void setTimeout(flush);
