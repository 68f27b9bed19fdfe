/** The renderer's entry: finds its way to main (Electron's preload or web mode's bridge) and renders. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createDesktopApi } from '../shared/client.ts';
import { detectTransport } from '../shared/transports.ts';
import { App } from './app/App.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element.');
try {
  const api = createDesktopApi(detectTransport());
  createRoot(root).render(<StrictMode><App client={api} /></StrictMode>);
} catch (error) {
  // No bridge: say how to open the explorer instead of a blank page.
  root.textContent = error instanceof Error ? error.message : String(error);
  root.setAttribute('role', 'alert');
}
