/**
 * The renderer's Content-Security-Policy, one for both hosts: scripts only from the app itself (no
 * inline script, no eval), styles inline as Fluent UI's Griffel injects them, images from the app
 * and data:/blob: (chart exports), connections only to the app's own origin (web mode's bridge;
 * Electron's renderer talks over IPC), and no objects, frames, forms or base changes.
 */
export const RENDERER_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');
