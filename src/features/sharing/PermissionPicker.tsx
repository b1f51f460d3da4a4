import { Checkbox, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PermissionGroup } from './sharingTypes';
import { permissionGroupDescription, permissionGroupTitle, permissionKeyText } from './permissionTexts';

/** Props of {@link PermissionPicker}. */
export interface PermissionPickerProps {
  /** The groups and keys as GET /permissions lists them; only the areas that work yet are shown. */
  groups: readonly PermissionGroup[];
  /** The chosen keys. */
  value?: readonly string[];
  onChange?: (keys: string[]) => void;
  /** Keys the caller holds: nobody grants what they do not hold, so the others cannot be ticked. */
  grantable?: readonly string[];
  /** Shows the choice without letting it change (built-in roles). */
  readOnly?: boolean;
}

/**
 * Permission keys grouped by area, each with its plain-language description. A group's own box
 * ticks or clears all of its keys the caller may grant; keys the caller does not hold stay as they are.
 * Areas still being set up (`available: false`: no part of the panel checks their keys yet) are
 * not shown, and keys of theirs already held are kept as they are; an area appears once it is built.
 */
export function PermissionPicker({ groups: allGroups, value = [], onChange, grantable, readOnly = false }: PermissionPickerProps) {
  const { t } = useTranslation();
  const groups = allGroups.filter((group) => group.available);
  const chosen = new Set(value);
  const mayGrant = (key: string) => !readOnly && (grantable === undefined || grantable.includes(key));
  const set = (keys: string[], on: boolean) => {
    const next = new Set(chosen);
    keys.forEach((key) => (on ? next.add(key) : next.delete(key)));
    // Keep the registry's order so the request and the view read the same way (hidden areas' keys included).
    onChange?.(allGroups.flatMap((group) => group.keys.map((entry) => entry.key)).filter((key) => next.has(key)));
  };

  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))', gap: 12 }}>
      {groups.map((group) => {
        const title = permissionGroupTitle(t, group.group);
        const settable = group.keys.map((entry) => entry.key).filter(mayGrant);
        const ticked = group.keys.filter((entry) => chosen.has(entry.key)).length;
        return (
          <fieldset key={group.group} aria-label={title} style={{ border: '1px solid var(--panel-card-border, rgba(128,128,128,.3))', borderRadius: 8, padding: '8px 12px', margin: 0 }}>
            <legend style={{ padding: '0 4px', width: 'auto', border: 0, margin: 0, fontSize: 14 }}>
              <Checkbox
                checked={ticked === group.keys.length && ticked > 0}
                indeterminate={ticked > 0 && ticked < group.keys.length}
                disabled={settable.length === 0}
                onChange={(event) => set(settable, event.target.checked)}
                aria-label={t('sharing.permissions.allOf', 'All of {{group}}', { group: title })}
              >
                <strong>{title}</strong>
              </Checkbox>
            </legend>
            <Typography.Paragraph type="secondary" style={{ margin: '0 0 6px', fontSize: 12 }}>
              {permissionGroupDescription(t, group.group, group.description)}
            </Typography.Paragraph>
            <Flex vertical gap={4}>
              {group.keys.map((entry) => (
                <Checkbox key={entry.key} checked={chosen.has(entry.key)} disabled={!mayGrant(entry.key)} onChange={(event) => set([entry.key], event.target.checked)}>
                  {permissionKeyText(t, entry.key, entry.description)}
                </Checkbox>
              ))}
            </Flex>
          </fieldset>
        );
      })}
    </div>
  );
}
