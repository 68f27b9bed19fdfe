/**
 * The taskpane's Content-Security-Policy, as a `<meta http-equiv>` tag injected into taskpane.html
 * (dev server and build alike: an add-in is served by any static host, whose headers we do not
 * control). As strict as Office.js and Fluent UI allow:
 * - scripts only from the add-in's own origin (office.js is served from there too, with the host
 *   files it loads beside it): no inline script, no eval. The dev server alone adds a nonce for the
 *   two inline module scripts it injects (Vite's client and React Refresh's preamble);
 * - styles inline as Fluent UI's Griffel injects them (it writes `<style>` rules at run time);
 * - images from the add-in and data:/blob: (icons, chart exports);
 * - connections to the add-in's origin and to the Economic Data Service, whose address the user
 *   types: any https origin, and http only on loopback (core refuses http elsewhere); the dev
 *   server's HMR socket on loopback;
 * - frames: only office.js's own telemetry frame (it adds one on load; refused, it is reported as a
 *   violation on every start);
 * - no plugins, no `<base>`, no form posts. `frame-ancestors` cannot be set from a meta tag, and
 *   Excel on the web frames the taskpane from Office's own origins, so it is left to the host.
 */
import type { Plugin } from 'vite';

/** The development nonce (the dev server only; a build has no inline script and no nonce). */
export const DEV_NONCE = 'econdata-addin-dev';

const LOOPBACK = ['http://localhost:*', 'http://127.0.0.1:*'];

/** The policy for a build (`dev: false`) or the development server. */
export function taskpaneCsp(dev: boolean): string {
  return [
    "default-src 'self'",
    `script-src 'self'${dev ? ` 'nonce-${DEV_NONCE}'` : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    ['connect-src', "'self'", 'https:', ...LOOPBACK, ...(dev ? ['ws://localhost:*', 'ws://127.0.0.1:*'] : [])].join(' '),
    "frame-src https://telemetryservice.firstpartyapps.oaspapps.com",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

/** Injects the policy as the first element of the page's head. */
export function contentSecurityPolicy(command: 'serve' | 'build'): Plugin {
  const dev = command === 'serve';
  return {
    name: 'econdata-csp',
    transformIndexHtml: {
      order: 'pre',
      handler: () => [{ tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: taskpaneCsp(dev) }, injectTo: 'head-prepend' }],
    },
  };
}
