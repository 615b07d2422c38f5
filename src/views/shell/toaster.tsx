import { notification as antdNotification, theme } from 'antd';
import { useEffect } from 'react';
import { TOAST_DURATION_MS } from '../../model/constants';
import { notify, type Toast } from '../../services/platform/notify';

/** Access §2: toasts at the bottom right, green or red, closable, gone after 3 s. Loaded by ToastHost. */
export function Toaster() {
  // The hook rather than antd's App, which would also load Modal and message into the first bundle.
  const [notification, holder] = antdNotification.useNotification();
  // The notice keeps the style it opened with; as CSS variables its colours follow a later change of theme.
  const { cssVar } = theme.useToken();
  useEffect(() => {
    const show = ({ kind, text }: Toast) => {
      const success = kind === 'success';
      notification[kind]({
        title: text,
        placement: 'bottomRight',
        duration: TOAST_DURATION_MS / 1000,
        closable: true,
        role: success ? 'status' : 'alert',
        style: {
          background: success ? cssVar.colorSuccessBg : cssVar.colorErrorBg,
          border: `1px solid ${success ? cssVar.colorSuccessBorder : cssVar.colorErrorBorder}`,
        },
      });
    };
    return notify.subscribe(show, { onClear: () => notification.destroy(), replay: true });
  }, [notification, cssVar]);
  return holder;
}
