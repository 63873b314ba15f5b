// What other modules use of this one: they import it from here, never its files.
export { readSharedCopy } from './shared-view.service';
