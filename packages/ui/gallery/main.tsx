/** The gallery: every @econdata/ui component over a fake EconDataApi, for screenshots and review. */
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('The gallery page has no #root element');
createRoot(root).render(<App />);
