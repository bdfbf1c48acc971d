// The page's keys (config.ts KEYS), anywhere but in a field: each is an
// action of the controller. The list has keys of its own while it has the
// focus (list.ts).

import { KEYS, VARIATION_KEYS } from '../config.js';
import type { Controller } from '../controller.js';
import { keyOf } from '../dom.js';

export function onKey(ctrl: Controller, e: KeyboardEvent): void {
  // The pattern editor has the board: its keys are its own (view/pattern.ts),
  // but for Esc, which still cancels a long task.
  if (ctrl.state.pattern && e.key !== 'Escape') return;
  // Shift+→ / Shift+←: into the next move's variation, out of this one.
  if (e.shiftKey && !e.ctrlKey && !e.metaKey && !e.altKey && keyOf(e, { any: [VARIATION_KEYS.enter, VARIATION_KEYS.leave] })) {
    ctrl.game.variation(e.key === VARIATION_KEYS.enter ? 'enter' : 'leave');
    e.preventDefault();
    return;
  }
  const key = keyOf(e, KEYS);
  if (!key) return;
  if (key === 'flip') ctrl.game.flip();
  else if (key === 'cancel') {
    ctrl.tasks.cancel();
    // Esc in an open dialog also closes it: the browser's default.
    if (ctrl.state.compactness.open || ctrl.state.keysOpen) return;
  } else if (key === 'nextGame') void ctrl.list.nextGame(1);
  else if (key === 'previousGame') void ctrl.list.nextGame(-1);
  else if (key === 'keys') ctrl.panels.showKeys(true);
  else if (key === 'engine') ctrl.engine.toggle();
  else ctrl.game.step(key);
  e.preventDefault();
}
