/** React views of the shared runtime: its status (never the key) and its quota, kept live. */
import { useSyncExternalStore } from 'react';
import type { AddinRuntime, RuntimeStatus } from '../runtime/index.ts';

/** The runtime's status, re-rendering on every change. */
export function useRuntimeStatus(runtime: AddinRuntime): RuntimeStatus {
  return useSyncExternalStore((fn) => runtime.onStatus(fn), () => runtime.status);
}

/** The plan and where it comes from: the service's headers, the user, or assumed. */
function planText(status: RuntimeStatus): string {
  const plan = status.plan ?? 'free';
  if (status.planSource === 'service') return `${plan} plan (as the service states)`;
  if (status.planSource === 'user') return `${plan} plan (as you chose)`;
  return `${plan} plan assumed (the service has not said)`;
}

/** One sentence on which service the taskpane talks to (the sandbox in development, or the real one). */
export function serviceText(status: RuntimeStatus): string {
  if (!status.connected || !status.baseURL) return 'Connect to the Economic Data Service (or, in development, the local sandbox) with the form below.';
  if (status.service === 'sandbox') {
    const data = status.demoData === true ? 'generated demo data, not real numbers' : status.demoData === false ? 'real public data' : 'its data folder';
    return `Development: the local sandbox at ${status.baseURL} (${data}), ${planText(status)}.`;
  }
  return `The Economic Data Service at ${status.baseURL}, ${planText(status)}.`;
}
