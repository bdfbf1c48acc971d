// The viewer's entry (as lichess pgn-viewer's main): makes the controller
// (controller.ts: the state and the actions) and mounts the page
// (view/page.ts: the state drawn by snabbdom views). Decoding happens in
// two Workers (decoders.ts), each started, and replaced when it fails, by
// its host (worker-host.ts).

import { Controller } from './controller.js';
import { Decoders } from './decoders.js';
import { pageHooks } from './e2e-hooks.js';
import { warmFormatters } from './i18n/format.js';
import { registerOffline } from './offline.js';
import { initialSettings, keptLayout } from './prefs.js';
import { mount } from './view/page.js';

const decoders = new Decoders((side, cause) => ctrl.tasks.restarted(side, cause), {
  started: __E2E_HOOKS__ ? pageHooks() : undefined,
  namesLoaded: (loaded) => loaded && ctrl.namesLoaded(),
});
const ctrl = new Controller(decoders, () => redraw(), initialSettings(), keptLayout());
// Before the first drawing: the demo's files are fetched meanwhile.
void ctrl.db.start();
const redraw = mount(ctrl);
// While the interactive Worker opens the first database.
(window.requestIdleCallback ?? ((f: () => void) => setTimeout(f, 50)))(warmFormatters);
void decoders.allLoaded.then(registerOffline);
