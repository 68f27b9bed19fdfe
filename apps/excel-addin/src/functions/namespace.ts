/**
 * The custom functions' namespace this build registers: the manifest's `Functions.Namespace`, and
 * what "Insert as formula" and parameter blocks write. Production is `ECON`; the dev add-in
 * (manifests/manifest.dev.xml, served by `pnpm dev`) is `ECONDEV`, so both can be installed side by
 * side: two add-ins declaring one namespace clash, and Excel shows #REF! (Microsoft's custom
 * functions naming guidance). The build sets it (vite.config.ts defines `__ECON_NAMESPACE__` from
 * manifests/generate.ts's targets); anywhere else (unit tests, the Chromium suites) it is `ECON`.
 */
declare const __ECON_NAMESPACE__: string | undefined;

export const FUNCTIONS_NAMESPACE: string = typeof __ECON_NAMESPACE__ === 'string' ? __ECON_NAMESPACE__ : 'ECON';
