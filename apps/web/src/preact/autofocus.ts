import { options, type Ref, type VNode } from 'preact';
import 'preact/compat';

/**
 * React focuses an element rendered with `autoFocus` when it is mounted; Preact only writes
 * the attribute, which a browser honours once per page load. This gives the build's Preact
 * React's behaviour: the element is focused the first time it is attached.
 */
const focused = new WeakSet<Element>();

function focusOnFirstAttach(ref: Ref<unknown> | null | undefined) {
  return (element: HTMLElement | null) => {
    if (element && !focused.has(element)) {
      focused.add(element);
      element.focus();
    }
    if (typeof ref === 'function') return ref(element);
    if (ref) ref.current = element;
  };
}

const previous = options.vnode;
options.vnode = (vnode: VNode) => {
  // Compat's own hook, installed first, has normalized the props by now.
  previous?.(vnode);
  if (typeof vnode.type !== 'string') return;
  const props = vnode.props as Record<string, unknown>;
  if (!props.autoFocus && !props.autofocus) return;
  delete props.autoFocus;
  delete props.autofocus;
  vnode.ref = focusOnFirstAttach(vnode.ref) as Ref<unknown>;
};
