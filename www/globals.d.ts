/** webpack's DefinePlugin sets it: true only in the end-to-end tests'
 * bundle (dist-e2e/), so the hooks of e2e-hooks.ts never ship. */
declare const __E2E_HOOKS__: boolean;
