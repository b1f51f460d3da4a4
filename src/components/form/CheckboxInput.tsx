import type { InputHTMLAttributes, ReactNode } from 'react';

/** A checkbox with its label beside it. */
export function CheckboxInput({ children, ...props }: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { children: ReactNode }) {
  return (
    <label className="panel-checkbox">
      <input type="checkbox" {...props} />
      {children}
    </label>
  );
}
