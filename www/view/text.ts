// The page's short texts that depend on the state, as pure functions: the
// game count, the notice, the Cancel button's label. The words come from the language in use (`T`, i18n/).

import type { GameHeaders, MemberDiagnosis } from '../../pkg/cadb.js';
import { T } from '../i18n/index.js';
import { listedGames, type State, type Task } from '../state.js';

/** The games listed: "216" (its words around it are `T.count`). */
export function gameCount(s: State): string {
  return s.info ? String(listedGames(s.list.view, s.info.games)) : '–';
}

/** Beside the count of a filtered list: of how many; '' when not filtered. */
export function gameTotal(s: State): string {
  return s.info && s.list.view.order && s.list.view.filtered ? T.count.of(s.info.games) : '';
}

/** The number the words after the count agree with. */
export function countedGames(s: State): number {
  if (!s.info) return 0;
  const { order, filtered } = s.list.view;
  return order && filtered ? s.info.games : order ? order.length : s.info.games;
}

/** The notice above the page when a reading was weak or a part is
 * damaged: the first issue in a few words, and how many more; '' for none. */
export function noticeText(reports: MemberDiagnosis[] | null): string {
  const worth = (reports ?? []).filter((m) => m.report.needsAttention);
  if (worth.length === 0) return '';
  // Among many databases, each issue after its database's name.
  const many = (reports ?? []).length > 1;
  const issues = worth.flatMap(({ name, report: d }) => [
    ...d.points.filter((p) => p.certainty === 'weak' || p.certainty === 'undecided').map((p) => T.notice.weak(p.title, p.certainty)),
    ...d.warnings.filter((w) => w.code !== 'uncertain-reading').map((w) => w.message),
  ].map((x) => (many ? `${name}: ${x}` : x)));
  const first = issues[0] ?? worth[0].report.warnings[0]?.message ?? T.notice.seeDetails;
  return (many ? T.notice.textMany : T.notice.text)(first, Math.max(0, issues.length - 1));
}

/** Whether a game was read under the file direction its database does not use. */
export function rescuedTo(h: GameHeaders): string | null {
  return h.other.find(([k]) => k === 'CAConvention')?.[1] ?? null;
}

/** The Cancel button's label: what it stops. */
export function cancelLabel(tasks: readonly Task[]): string {
  return T.cancel([...new Set(tasks)].map((t) => T.tasks[t]));
}
