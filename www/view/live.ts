// Live regions (the status line, the error line, "Copied"): a screen
// reader says a line when it is written. A message said again is a new
// object (state.ts Message), so its line is written again even when the
// text is the same; a redraw for anything else leaves it alone.

import type { VNodeData } from 'snabbdom';
import type { Message } from '../state.js';

export function live(message: Message | null): VNodeData {
  return {
    message,
    hook: {
      postpatch: (old, v) => {
        if (old.data?.message !== message && v.elm) v.elm.textContent = message?.say() ?? '';
      },
    },
  };
}
