// The top of the page, as pure view functions: the bar (open a database,
// Cancel, the encoding and language menus, the theme, the Tools menu), the
// error line, the notice of a database that needs attention, and that of a
// link to another database.

import { h, type VNode } from 'snabbdom';
import type { DbInfo, EncodingChoice } from '../../pkg/cadb.js';
import type { Controller } from '../controller.js';
import { acceptDrops } from '../files.js';
import { type Language, type Notation, T } from '../i18n/index.js';
import type { TextChoice } from '../protocol.js';
import { live } from './live.js';
import { cancelLabel, noticeText } from './text.js';
import { isArchive, shownAs } from '../state.js';

const button = (sel: string, attrs: Record<string, string>, onClick: () => void, text: string) =>
  h(`button${sel}`, { attrs: { type: 'button', ...attrs }, on: { click: onClick } }, text);

/** A menu showing `value` (set after its options exist, and again when
 * the page shows another than the state's). */
export function menu(sel: string, attrs: Record<string, string>, value: string, onChange: (value: string) => void, options: VNode[]): VNode {
  const show = (v: VNode) => {
    const el = v.elm as HTMLSelectElement;
    if (el.value !== value) el.value = value;
  };
  return h(`select${sel}`, {
    attrs,
    on: { change: (e: Event) => onChange((e.target as HTMLSelectElement).value) },
    hook: { insert: show, postpatch: (_, v) => show(v) },
  }, options);
}

const option = (value: string, label: string, attrs: Record<string, string> = {}) => h('option', { attrs: { value, ...attrs } }, label);

/** The encoding menu: Auto (the guess, named when in use), then each code page. */
function encodingOptions(encodings: EncodingChoice[], info: DbInfo | null): VNode[] {
  const auto = info?.encodingGuessed ? T.encoding.autoGuess(encodings.find((e) => e.name === info.encoding)?.label ?? info.encoding) : T.encoding.auto;
  return [option('auto', auto), ...encodings.map((e) => option(e.name, e.label))];
}

export function topBar(ctrl: Controller): VNode {
  const s = ctrl.state;
  const p = T.page;
  return h('header.top', [
    h('h1', 'cadb'),
    h('div#drop.drop', { hook: { insert: (v) => acceptDrops(v.elm as HTMLElement, (data) => void ctrl.db.openDrop(data)) } }, [
      h('label.open', [
        h('span', p.open),
        h('input', {
          attrs: { type: 'file', multiple: true, 'data-testid': 'open-files', accept: '.cdp,.emb,.d00,.a02,.d02,.CDP,.EMB,.D00,.A02,.D02' },
          on: {
            change: (e: Event) => {
              const input = e.target as HTMLInputElement;
              if (input.files?.length) void ctrl.db.openFiles(Array.from(input.files));
              input.value = '';
            },
          },
        }),
      ]),
      h('span.hint', p.dropHint),
    ]),
    h('button#cancel.cancel', {
      attrs: { type: 'button', 'data-testid': 'cancel', title: p.cancelTitle, hidden: s.tasks.length === 0 },
      on: { click: () => ctrl.tasks.cancel() },
    }, s.tasks.length > 0 ? cancelLabel(s.tasks) : ''),
    h('label.enc', [
      h('span', p.names), ' ',
      // Each database of a list of many keeps its own code page.
      menu('#encoding', { 'aria-label': p.encodingLabel, ...(isArchive(s) ? { disabled: 'disabled', title: T.list.oneDatabase } : {}) }, s.encoding ?? 'auto', (v) => void ctrl.db.setEncoding(v as TextChoice), encodingOptions(s.encodings, s.info)),
    ]),
    menu('#language', { 'data-testid': 'language', 'aria-label': p.language }, s.settings.language, (v) => ctrl.panels.setLanguage(v as Language), [
      option('en', 'English', { lang: 'en' }), option('ru', 'Русский', { lang: 'ru' }),
    ]),
    h('button#theme', {
      attrs: { type: 'button', title: p.theme, 'aria-label': p.theme },
      on: { click: () => ctrl.panels.toggleTheme(matchMedia('(prefers-color-scheme: dark)').matches) },
    }, '◐'),
    h('details#tools.tools', {
      attrs: { 'data-testid': 'tools' },
      props: { open: s.disclosures.tools },
      on: { toggle: (e: Event) => ctrl.panels.setPanelOpen('tools', (e.target as HTMLDetailsElement).open) },
    }, [
      h('summary', p.tools),
      h('div.tools-menu', [
        h('label', [
          h('span', p.notation), ' ',
          menu('#notation', { 'data-testid': 'notation' }, s.settings.notation, (v) => ctrl.panels.setNotation(v as Notation), [
            option('letters', p.notationLetters), option('figurine', p.notationFigurine),
          ]),
        ]),
        button('#open-compactness', { 'data-testid': 'open-compactness' }, () => ctrl.panels.setPanelOpen('compactness', true), p.compactness),
        button('#open-keys', {}, () => ctrl.panels.showKeys(true), p.keys),
        h('a.bench-link', { attrs: { href: 'bench.html' } }, p.benchmark),
      ]),
    ]),
  ]);
}

export function errorLine(ctrl: Controller): VNode {
  const e = ctrl.state.error;
  return h('p.error', { ...live(e), attrs: { 'data-testid': 'error', role: 'alert', hidden: e === null } }, e?.say() ?? '');
}

/** The notice above the page; its Details open the Database panel, in view. */
export function notice(ctrl: Controller): VNode {
  const d = ctrl.state.diagnosis.view;
  const text = noticeText(d.kind === 'data' ? d.data : null);
  return h('p.notice', { attrs: { 'data-testid': 'db-notice', role: 'status', hidden: text === '' } }, [
    h('span#notice-text', text),
    ' ',
    button('#notice-details', {}, () => {
      ctrl.panels.setPanelOpen('db', true);
      const panel = document.getElementById('db-panel');
      panel?.scrollIntoView({ block: 'nearest' });
      panel?.querySelector('summary')?.focus();
    }, T.page.noticeDetails),
  ]);
}

/** A link to a database the page does not have: it says so, and asks for
 * that database's files (the games shown are another's). */
export function linkNotice(ctrl: Controller): VNode {
  const link = ctrl.state.link;
  return h('p.notice.link-notice', { attrs: { 'data-testid': 'link-notice', role: 'status', hidden: link === null } }, link ? [
    h('span', T.link.other(shownAs(link.name))),
    ' ',
    button('', { 'data-testid': 'link-open' }, () => document.querySelector<HTMLInputElement>('[data-testid=open-files]')?.click(), T.link.open(shownAs(link.name))),
  ] : []);
}
