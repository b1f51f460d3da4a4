import { SearchOutlined } from '@ant-design/icons';
import { Alert, Button, Segmented, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchServerExtensionsQuery, type ExtensionsOverview } from '../../../api/extensions';
import { PlainInput } from '../../../components/PlainInput';
import { Pager } from '../../../components/table/Pager';
import { errorText } from '../errorText';
import { ExtensionHits } from '../ExtensionHits';
import type { Hit, Provider } from '../extensionTypes';

const PER_PAGE = 10;

/** The search text a moment after the person stopped typing (no request per key stroke). */
function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** Props of {@link ExtensionSearchSection}. */
export interface ExtensionSearchSectionProps {
  serverId: string;
  providers: ExtensionsOverview['providers'];
  /** Plugins (true) or mods: the texts say which. */
  plugins: boolean;
  canManage: boolean;
  /** A change is running: every install button waits for it. */
  busy: boolean;
  /** The project whose install plan is being asked for, if any. */
  planningProject: string | undefined;
  onInstall: (hit: Hit) => void;
  onDetails: (hit: Hit) => void;
}

/** A search of the catalogues that fit the server (one at a time), a page of results at a time, with install and details. */
export function ExtensionSearchSection({ serverId, providers, plugins, canManage, busy, planningProject, onInstall, onDetails }: ExtensionSearchSectionProps) {
  const { t } = useTranslation();
  const [provider, setProvider] = useState<Provider | null>(null);
  const [text, setText] = useState('');
  const query = useDebounced(text.trim(), 350);
  const chosen = provider ?? providers[0]?.id ?? null;
  // A new search or catalogue starts at its first page.
  const searchKey = `${chosen ?? ''}|${query}`;
  const [paging, setPaging] = useState({ key: '', page: 1 });
  const page = paging.key === searchKey ? paging.page : 1;
  const setPage = (next: number) => setPaging({ key: searchKey, page: next });
  const search = useSearchServerExtensionsQuery({ id: serverId, provider: chosen ?? undefined, query: query || undefined, page, perPage: PER_PAGE }, { skip: !chosen });
  const searchLabel = plugins ? t('extensions.searchPlugins', 'Search plugins') : t('extensions.searchMods', 'Search mods');
  const results = search.data?.data;
  const total = results ? (results.total ?? (results.page - 1) * PER_PAGE + results.hits.length + (results.has_more ? PER_PAGE : 0)) : 0;

  return (
    <>
      <Typography.Title level={3} style={{ marginBottom: 0 }}>
        {plugins ? t('extensions.findPlugins', 'Find plugins') : t('extensions.findMods', 'Find mods')}
      </Typography.Title>
      <Space wrap>
        {providers.length > 1 ? (
          <Segmented
            aria-label={t('extensions.catalogue', 'Catalogue')}
            value={chosen ?? undefined}
            onChange={(value) => setProvider(value as Provider)}
            options={providers.map((p) => ({ value: p.id, label: p.name }))}
          />
        ) : null}
        <PlainInput
          type="search"
          aria-label={searchLabel}
          placeholder={searchLabel}
          prefix={<SearchOutlined aria-hidden="true" />}
          clearLabel={t('extensions.clearSearch', 'Clear the search')}
          onClear={() => setText('')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          style={{ width: 320, maxWidth: '100%' }}
        />
      </Space>
      {search.error ? <Alert type="error" showIcon title={errorText(search.error, t) ?? t('extensions.searchFailed', 'The catalogue could not be searched.')} /> : null}
      <ExtensionHits
        hits={results?.hits ?? []}
        loading={search.isFetching}
        actions={(hit) => (
          <>
            <Button size="small" type="link" onClick={() => onDetails(hit)} aria-label={t('extensions.detailsLabel', 'Details of {{name}}', { name: hit.name })}>
              {t('extensions.details', 'Details')}
            </Button>
            {hit.installed ? (
              <Tag color="success">{t('extensions.tag.installed', 'Installed')}</Tag>
            ) : hit.external_url ? (
              <a href={hit.external_url} target="_blank" rel="noreferrer noopener">
                {t('extensions.external', 'Outside download')}
              </a>
            ) : (
              <Button
                size="small"
                type="primary"
                disabled={!canManage || busy}
                loading={planningProject === hit.project_id}
                aria-label={t('extensions.installLabel', 'Install {{name}}', { name: hit.name })}
                onClick={() => onInstall(hit)}
              >
                {t('extensions.install', 'Install')}
              </Button>
            )}
          </>
        )}
      />
      {total > PER_PAGE ? <Pager current={page} pageSize={PER_PAGE} total={total} config={{}} onChange={setPage} /> : null}
    </>
  );
}
