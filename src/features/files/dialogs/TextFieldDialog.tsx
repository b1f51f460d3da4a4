import { Input } from 'antd';
import { useId, useState } from 'react';
import { ActionDialog } from './ActionDialog';

/** Props of {@link TextFieldDialog}. */
export interface TextFieldDialogProps {
  title: string;
  label: string;
  okText: string;
  initialValue?: string;
  placeholder?: string;
  onSubmit: (value: string) => Promise<unknown>;
  onClose: () => void;
}

/** A dialog asking for one text (a name, a destination folder), submitted with Enter or its button. */
export function TextFieldDialog({ title, label, okText, initialValue = '', placeholder, onSubmit, onClose }: TextFieldDialogProps) {
  const id = useId();
  const [value, setValue] = useState(initialValue);
  const trimmed = value.trim();
  return (
    <ActionDialog title={title} okText={okText} okDisabled={trimmed === '' || trimmed === initialValue} onSubmit={() => onSubmit(trimmed)} onClose={onClose}>
      <label htmlFor={id}>{label}</label>
      <Input id={id} dir="ltr" autoFocus value={value} placeholder={placeholder} onChange={(event) => setValue(event.target.value)} />
    </ActionDialog>
  );
}
