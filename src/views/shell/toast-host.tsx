import { useEffect, useState, type ComponentType } from 'react';
import { notify } from '../../services/platform/notify';

const loadToaster = () => import('./toaster').then((module) => module.Toaster);

/**
 * Loads the toaster, and antd's notifications with it, when the first toast is asked for rather than with every
 * first page: the sign-in page shows none until it succeeds (issue 13 item 7). The toasts asked for meanwhile wait
 * for it in notify. Its code failing to load costs those toasts, never the page: the next toast tries again.
 */
export function ToastHost() {
  const [Toaster, setToaster] = useState<ComponentType | null>(null);
  useEffect(() => {
    let active = true;
    let loading = false;
    const stop = notify.whenWaiting(() => {
      if (loading) return;
      loading = true;
      loadToaster().then(
        (toaster) => {
          if (active) setToaster(() => toaster);
        },
        () => {
          loading = false;
        },
      );
    });
    return () => {
      active = false;
      stop();
    };
  }, []);
  return Toaster ? <Toaster /> : null;
}
