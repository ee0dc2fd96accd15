// The ideas portal's entry (issue 15), a bundle apart from the main app (vite.portal.config.ts):
// the portal's key comes from the address (/portal/<key>/…), its API is /portal/<key>/api.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './portal.css';
import { PortalApp } from './app';
import { configurePortal } from './boot';
import { portalOfPath } from './router';
import { loadSession } from './store';

const root = document.getElementById('root');
const where = portalOfPath(window.location.pathname);

if (root && where) {
  configurePortal(where.base);
  void loadSession();
  createRoot(root).render(
    <StrictMode>
      <PortalApp />
    </StrictMode>,
  );
} else if (root) {
  root.textContent = 'An ideas portal lives at /portal/<its key>.';
}
