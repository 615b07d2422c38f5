import { useId, type ReactElement } from 'react';
import './auth.css';

/** What a control needs to be this field's: its id, and its message tied to it and marked as wrong. */
export interface FieldControlProps {
  id: string;
  status?: 'error';
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/**
 * A labelled field of the sign-in form, drawn without antd's Form: its rule engine, tooltip and scroll code were a
 * sixth of the sign-in page's first download (issue 13 item 7), and the rules are the workflow's anyway. The
 * message under the control is announced and described as antd's Form.Item does it.
 */
export function AuthField({
  label,
  error,
  children,
}: {
  label: string;
  /** The workflow's message for this field, if the last submit broke its rule. */
  error: string | undefined;
  children: (control: FieldControlProps) => ReactElement;
}) {
  const id = useId();
  const helpId = `${id}-help`;
  return (
    <div className="auth-field">
      <label htmlFor={id} className="auth-label">
        {label}
      </label>
      {children(error ? { id, status: 'error', 'aria-invalid': true, 'aria-describedby': helpId } : { id })}
      {error ? (
        <div id={helpId} role="alert" className="auth-field-error">
          {error}
        </div>
      ) : null}
    </div>
  );
}
