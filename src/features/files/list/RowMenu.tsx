import { Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FileAbilities } from '../fileAbilities';
import type { FileRow } from './fileRow';
import type { MenuAnchor } from './FileTable';
import { rowMenuItems, type RowAction } from './rowMenuItems';

/** Props of {@link RowMenu}. */
export interface RowMenuProps {
  /** The row the menu is open for and where; null when closed. */
  target: { row: FileRow; anchor: MenuAnchor } | null;
  can: FileAbilities;
  onAction: (action: RowAction, row: FileRow) => void;
  onClose: () => void;
}

/**
 * The one menu of the file list, opened at the pointer (right click) or under a row's button.
 * A single menu for all rows keeps the 10,000-row list free of 10,000 dropdowns.
 */
export function RowMenu({ target, can, onAction, onClose }: RowMenuProps) {
  const { t } = useTranslation();
  if (!target) return null;
  const { row, anchor } = target;
  return (
    <Dropdown
      open
      trigger={['click']}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      menu={{
        items: rowMenuItems(t, row, can),
        'aria-label': t('files.row.menu', 'Actions for {{name}}', { name: row.name }),
        onClick: ({ key }) => {
          onClose();
          onAction(key as RowAction, row);
        },
      }}
    >
      <span aria-hidden style={{ position: 'fixed', left: anchor.x, top: anchor.y, width: 1, height: 1 }} />
    </Dropdown>
  );
}
