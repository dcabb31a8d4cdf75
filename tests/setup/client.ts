import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Pages are lazily loaded modules (client/src/app-routes.ts): on a busy two-core machine, transforming a
// page's imports takes more than testing-library's default second, and `findBy…` then fails on a page
// that does appear. What the tests wait for is the page, not a time.
configure({ asyncUtilTimeout: 5000 });

// vitest runs without globals, so testing-library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  localStorage.clear();
  document.documentElement.className = '';
});
