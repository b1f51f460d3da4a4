import { Button, Popconfirm } from 'antd';

/** Props of {@link ConfirmRemoveButton}. */
export interface ConfirmRemoveButtonProps {
  /** The button's text ("Delete", "Remove"). */
  label: string;
  /** The button's accessible name when the text alone does not say what goes (it names the row). */
  ariaLabel?: string;
  /** What the confirmation asks, or, while `blockedBy` is set, why it cannot go yet. */
  question: string;
  /** Why the row cannot be removed now (servers, databases, subdomains still use it): the confirmation's answer is off. */
  blockedBy?: string | null;
  onConfirm(): void;
}

/**
 * A row's small danger button asking before it removes the row; while something still uses the
 * row the confirmation says so instead and cannot be accepted (the API refuses it too).
 */
export function ConfirmRemoveButton({ label, ariaLabel, question, blockedBy, onConfirm }: ConfirmRemoveButtonProps) {
  return (
    <Popconfirm title={blockedBy ?? question} okButtonProps={{ danger: true, disabled: Boolean(blockedBy) }} onConfirm={onConfirm}>
      <Button size="small" danger aria-label={ariaLabel}>
        {label}
      </Button>
    </Popconfirm>
  );
}
