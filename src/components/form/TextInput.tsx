import type { InputHTMLAttributes } from 'react';

/** A single-line text input in the panel's look (antd's middle size). */
export function TextInput(props: InputHTMLAttributes<HTMLInputElement>) {
  return <input type="text" {...props} className="panel-input" />;
}
