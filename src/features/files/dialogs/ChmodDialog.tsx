import { Checkbox, Input } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionDialog } from './ActionDialog';

/** Props of {@link ChmodDialog}. */
export interface ChmodDialogProps {
  /** Names of the entries whose permissions change. */
  names: readonly string[];
  /** The current octal mode (e.g. "644"), the starting point. */
  initialMode: string;
  onSubmit: (mode: string) => Promise<unknown>;
  onClose: () => void;
}

const OCTAL = /^[0-7]{3}$/;

/**
 * Changes the permissions of files and folders: a grid of read/write/execute for owner, group
 * and others, kept in step with the octal mode (e.g. 755) that can be typed instead.
 */
export function ChmodDialog({ names, initialMode, onSubmit, onClose }: ChmodDialogProps) {
  const { t } = useTranslation();
  const id = useId();
  const [mode, setMode] = useState(OCTAL.test(initialMode) ? initialMode : '644');
  const valid = OCTAL.test(mode);
  const who = [t('files.chmod.owner', 'Owner'), t('files.chmod.group', 'Group'), t('files.chmod.others', 'Others')];
  const rights = [
    { bit: 4, label: t('files.chmod.read', 'Read') },
    { bit: 2, label: t('files.chmod.write', 'Write') },
    { bit: 1, label: t('files.chmod.execute', 'Execute') },
  ];
  const toggle = (position: number, bit: number, on: boolean) => {
    const digits = (valid ? mode : '000').split('').map(Number);
    digits[position] = on ? digits[position] | bit : digits[position] & ~bit;
    setMode(digits.join(''));
  };
  const title = names.length === 1 ? t('files.chmod.titleOne', 'Permissions of {{name}}', { name: names[0] }) : t('files.chmod.titleMany', 'Permissions of {{count}} items', { count: names.length });

  return (
    <ActionDialog title={title} okText={t('files.chmod.ok', 'Apply')} okDisabled={!valid} onSubmit={() => onSubmit(mode)} onClose={onClose}>
      <table>
        <thead>
          <tr>
            <td />
            {rights.map((right) => (
              <th key={right.bit} scope="col" style={{ padding: '0 12px' }}>
                {right.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {who.map((name, position) => (
            <tr key={name}>
              <th scope="row" style={{ textAlign: 'start', paddingInlineEnd: 12 }}>
                {name}
              </th>
              {rights.map((right) => (
                <td key={right.bit} style={{ textAlign: 'center' }}>
                  <Checkbox
                    aria-label={`${name} ${right.label}`}
                    checked={valid && (Number(mode[position]) & right.bit) !== 0}
                    onChange={(event) => toggle(position, right.bit, event.target.checked)}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <label htmlFor={id}>{t('files.chmod.octal', 'Mode (octal)')}</label>
      <Input id={id} dir="ltr" value={mode} maxLength={3} status={valid ? undefined : 'error'} onChange={(event) => setMode(event.target.value.trim())} style={{ width: 120 }} />
    </ActionDialog>
  );
}
