import DownOutlined from '@ant-design/icons-svg/es/asn/DownOutlined';
import SearchOutlined from '@ant-design/icons-svg/es/asn/SearchOutlined';
import UpOutlined from '@ant-design/icons-svg/es/asn/UpOutlined';
import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SearchResults, TerminalAdapter } from './terminal/TerminalAdapter';
import { SecondaryText } from '../../components/PanelText';
import { joinedButtonStyle, PlainInput } from '../../components/PlainInput';
import { PlainIcon } from '../../components/PlainIcon';

/** Props of {@link TerminalSearch}. */
export interface TerminalSearchProps {
  terminal: TerminalAdapter | null;
}

/** Search in the console output: Enter (or the arrows) goes to the next or previous match. */
export function TerminalSearch({ terminal }: TerminalSearchProps) {
  const { t } = useTranslation();
  const [term, setTerm] = useState('');
  const [results, setResults] = useState<SearchResults | null>(null);
  const [missing, setMissing] = useState(false);

  useEffect(() => terminal?.onSearchResults(setResults), [terminal]);

  const find = async (direction: 'next' | 'previous') => {
    if (!terminal || !term) return;
    setMissing(!(await terminal.find(term, direction)));
  };

  const onChange = (value: string) => {
    setTerm(value);
    setMissing(false);
    if (!value) {
      terminal?.clearSearch();
      setResults(null);
    }
  };

  const summary = !term
    ? null
    : missing || results?.count === 0
      ? t('console.search.none', 'No matches')
      : results && results.count > 0
        ? t('console.search.position', '{{index}} of {{count}}', { index: results.index + 1, count: results.count })
        : null;

  return (
    <div style={{ display: 'flex' }}>
      <PlainInput
        joined
        clearLabel={t('console.search.clear', 'Clear the search')}
        onClear={() => onChange('')}
        prefix={<PlainIcon icon={SearchOutlined} aria-hidden />}
        value={term}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.nativeEvent.isComposing) void find(event.shiftKey ? 'previous' : 'next');
        }}
        aria-label={t('console.search.label', 'Search the output')}
        placeholder={t('console.search.placeholder', 'Search the output')}
        suffix={summary ? <SecondaryText style={{ fontSize: 12 }}>{summary}</SecondaryText> : null}
        style={{ width: 260 }}
      />
      <Button
        style={{ borderRadius: 0, marginInlineStart: -1 }}
        icon={<PlainIcon icon={UpOutlined} aria-hidden />}
        aria-label={t('console.search.previous', 'Previous match')}
        disabled={!term}
        onClick={() => void find('previous')}
      />
      <Button style={joinedButtonStyle} icon={<PlainIcon icon={DownOutlined} aria-hidden />} aria-label={t('console.search.next', 'Next match')} disabled={!term} onClick={() => void find('next')} />
    </div>
  );
}
