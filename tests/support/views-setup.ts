import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { notify } from '../../src/services/platform/notify';
import { queryClient } from '../../src/services/http/query-client';

// The app loads its portals lazily; warming them here keeps a test's waits about behaviour, not module transforms.
await Promise.all([
  import('../../src/views/shell/shells'),
  import('../../src/views/shell/exception-views'),
  import('../../src/views/auth/sign-in.view'),
  import('../../src/views/auth/forgot-password.view'),
  import('../../src/views/auth/restore-password.view'),
  import('../../src/views/auth/migrate.view'),
  import('../../src/views/account/account-tab'),
  import('../../src/views/shell/toaster'),
]);

// A whole app renders in each test; on a busy two-core machine the first antd render can pass a second.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  // A toast asked for after a test's screen has gone would otherwise wait for, and show on, the next test's.
  notify.clear();
  queryClient.clear();
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  document.documentElement.className = '';
  vi.unstubAllGlobals();
});
