import SendOutlined from '@ant-design/icons-svg/es/asn/SendOutlined';
import { Button } from 'antd';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useCommandHistory } from './useCommandHistory';
import { joinedButtonStyle, PlainInput } from '../../components/PlainInput';
import { PlainIcon } from '../../components/PlainIcon';

/** Props of {@link CommandInput}. */
export interface CommandInputProps {
  serverId: string;
  /** Sends one command; answers whether it went out (the line is kept when it did not). */
  onSubmit: (command: string) => boolean | Promise<boolean>;
  disabled?: boolean;
  /** Why the input is disabled, shown as its placeholder. */
  disabledReason?: string;
}

/** The console's command line: Enter sends, up and down walk through the server's earlier commands. */
export function CommandInput({ serverId, onSubmit, disabled = false, disabledReason }: CommandInputProps) {
  const { t } = useTranslation();
  const history = useCommandHistory(serverId);
  const [value, setValue] = useState('');
  const [sending, setSending] = useState(false);

  const submit = async () => {
    const command = value.trim();
    if (!command || disabled || sending) return;
    setSending(true);
    try {
      if (await onSubmit(command)) {
        history.record(command);
        setValue('');
      }
    } finally {
      setSending(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowUp') {
      event.preventDefault();
      const older = history.previous(value);
      if (older !== null) setValue(older);
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      const newer = history.next();
      if (newer !== null) setValue(newer);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <div style={{ display: 'flex' }}>
      <PlainInput
        joined
        value={value}
        onChange={(event) => setValue(event.target.value)}
        onKeyDown={onKeyDown}
        disabled={disabled}
        maxLength={1024}
        autoComplete="off"
        spellCheck={false}
        dir="ltr"
        aria-label={t('console.command.label', 'Console command')}
        placeholder={disabled && disabledReason ? disabledReason : t('console.command.placeholder', 'Type a command and press Enter (↑ ↓ for earlier commands)')}
        style={{ flex: 1, background: 'var(--panel-game-input)' }}
        inputStyle={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' }}
      />
      <Button type="primary" style={joinedButtonStyle} icon={<PlainIcon icon={SendOutlined} aria-hidden />} onClick={() => void submit()} disabled={disabled || !value.trim()} loading={sending}>
        {t('console.command.send', 'Send')}
      </Button>
    </div>
  );
}
