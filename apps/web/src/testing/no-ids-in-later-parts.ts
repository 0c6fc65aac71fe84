// A part that hydrates in a later turn (<HydrateLater>) must not number ids with useId: the
// browser numbers them after the rest of the page while hydration keeps the server's, so a label
// can point at another part's field (lib/hydration.tsx). Every web test that renders such a part
// fails on a useId inside it. Preact's hook option (mangled `__h`, the same name its devtools use)
// is told of each hook as it is called; 11 is useId's.
import { options } from 'preact';
import { HydrateLater } from '../lib/hydration.tsx';

interface VNode {
  type: unknown;
  __?: VNode | null;
}
type HookOption = (component: { __v: VNode }, index: number, type: number) => void;

const USE_ID = 11;
const hooks = options as typeof options & { __h?: HookOption };
const previous = hooks.__h;

hooks.__h = (component, index, type) => {
  previous?.(component, index, type);
  if (type !== USE_ID) return;
  for (let vnode: VNode | null | undefined = component.__v; vnode; vnode = vnode.__) {
    if (vnode.type === HydrateLater) {
      const name = (component.__v.type as { name?: string }).name ?? 'a component';
      throw new Error(`${name} calls useId inside <HydrateLater>: give it a fixed id instead`);
    }
  }
};
