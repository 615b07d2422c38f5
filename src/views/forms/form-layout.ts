import './form-layout.css';

/** The class names of form-layout.css. */
export const FormLayoutClass = {
  narrow: 'form-narrow',
  notice: 'form-notice',
} as const;
