import SearchOutlined from '@ant-design/icons-svg/es/asn/SearchOutlined';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainIcon } from '../../../components/PlainIcon';
import { joinedButtonStyle, PlainInput } from '../../../components/PlainInput';

/** Props of {@link FilesSearch}. */
export interface FilesSearchProps {
  /** The search on screen ('' = the folder's listing); the field starts with it. */
  search: string;
  onSearch: (pattern: string) => void;
}

/**
 * The search by name in the folder on screen: Enter or the button searches, emptying the field
 * (or its clear button) goes back to the listing. A plain field, as the console's search: antd's
 * Input.Search made the files page build about 45 KB of input styles while it first rendered.
 */
export function FilesSearch({ search, onSearch }: FilesSearchProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState(search);
  const change = (next: string) => {
    setValue(next);
    if (next === '' && search !== '') onSearch('');
  };
  const label = t('files.toolbar.search', 'Search by name in this folder and its subfolders');
  return (
    <div style={{ display: 'flex', maxWidth: 280, marginInlineStart: 'auto', flex: '1 1 200px' }}>
      <PlainInput
        type="search"
        joined
        value={value}
        onChange={(event) => change(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.nativeEvent.isComposing) onSearch(value.trim());
        }}
        clearLabel={t('files.toolbar.searchClear', 'Clear the search')}
        onClear={() => change('')}
        aria-label={label}
        placeholder={t('files.toolbar.searchPlaceholder', 'Search by name')}
        style={{ flex: 1 }}
      />
      <Button style={joinedButtonStyle} icon={<PlainIcon icon={SearchOutlined} aria-hidden />} aria-label={t('files.toolbar.searchButton', 'Search')} onClick={() => onSearch(value.trim())} />
    </div>
  );
}
