// An error as the user reads it, written once for the controller, the
// list and the Workers: its message, and its code when it has one.

import type { ErrorCode } from '../pkg/cadb.js';
import { T } from './i18n/index.js';

/** An error's own message (anything thrown may be a non-Error). */
export function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** An error's code ('' : none). */
export function codeOf(err: unknown): string {
  return typeof err === 'object' && err !== null && 'code' in err ? String(err.code) : '';
}

/** An error's message, with its code when it has one ("… [truncated]").
 * The core's messages are English: in Russian, the gist of its kind
 * comes first. */
export function errorText(err: unknown): string {
  const code = codeOf(err);
  return coreMessage(code, messageOf(err)) + (code && code !== 'one-database' ? ` [${code}]` : '');
}

/** The core's message of an error of kind `code`, after its gist in the language. */
export function coreMessage(code: string, message: string): string {
  // The Workers' own refusal, in the list of many databases.
  if (code === 'one-database') return T.list.oneDatabase;
  const gist = T.errorKinds[code as ErrorCode];
  return gist ? `${gist}: ${message}` : message;
}
