// The modal dialogs, as pure view functions: the compactness report and
// the keyboard shortcuts. The state opens and closes them; Esc or Close
// closes them, and the state follows.

import { h, type VNode } from 'snabbdom';
import type { Controller } from '../controller.js';
import { T } from '../i18n/index.js';
import { compactnessPanel } from './panels.js';

/** A modal dialog, open as `open` says. */
function dialog(sel: string, attrs: Record<string, string>, open: boolean, onClose: () => void, children: VNode[]): VNode {
  const show = (v: VNode) => {
    const d = v.elm as HTMLDialogElement;
    if (open && !d.open) d.showModal();
    else if (!open && d.open) d.close();
  };
  return h(`dialog${sel}.dialog`, { attrs, on: { close: onClose }, hook: { insert: show, postpatch: (_, v) => show(v) } }, [
    ...children,
    h('button.dialog-close', { attrs: { type: 'button' }, on: { click: (e: Event) => ((e.target as Element).closest('dialog') as HTMLDialogElement).close() } }, T.page.close),
  ]);
}

export function compactnessDialog(ctrl: Controller): VNode {
  const c = ctrl.state.compactness;
  return dialog('#compactness-panel', { 'aria-labelledby': 'compactness-title' }, c.open, () => ctrl.panels.setPanelOpen('compactness', false), [
    h('h2#compactness-title', T.page.compactness),
    h('div#compactness.tree-panel', { attrs: { 'data-testid': 'compactness' } }, compactnessPanel(c.view)),
  ]);
}

export function keysDialog(ctrl: Controller): VNode {
  return dialog('#keys-dialog', { 'data-testid': 'keys-dialog', 'aria-labelledby': 'keys-title' }, ctrl.state.keysOpen, () => ctrl.panels.showKeys(false), [
    h('h2#keys-title', T.page.keys),
    h('table#keys-table.keys', T.keys.rows.map(([keys, what]) =>
      h('tr', [h('th', keys.split(' ').flatMap((k) => [h('kbd', k), ' '])), h('td', what)]))),
  ]);
}
