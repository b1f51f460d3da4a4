import { Avatar, Empty, Spin, theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { iconSrc, type Hit } from './extensionTypes';

/** Props of {@link ExtensionHits}. */
export interface ExtensionHitsProps {
  hits: readonly Hit[];
  loading: boolean;
  /** The buttons and links at the end of a hit's line (details, install). */
  actions: (hit: Hit) => ReactNode;
}

const css = `
.panel-hits{list-style:none;margin:0;padding:0}
.panel-hit{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:8px 48px;padding:12px 0;
  border-block-end:1px solid var(--panel-hits-split)}
.panel-hit:last-child{border-block-end:0}
.panel-hit-meta{display:flex;align-items:flex-start;gap:16px;flex:1 1 16em;min-width:0}
.panel-hit-text{min-width:0;overflow-wrap:anywhere}
.panel-hit-title{margin:0 0 4px;color:var(--panel-hits-text);font-size:inherit;line-height:inherit}
.panel-hit-title>a{color:var(--panel-hits-text)}
.panel-hit-title>a:hover{color:var(--panel-hits-link-hover)}
.panel-hit-description{display:flex;flex-direction:column;color:var(--panel-hits-quiet)}
.panel-hit-note{font-size:12px}
.panel-hit-actions{display:flex;flex-wrap:wrap;align-items:center;gap:8px 16px}
.panel-hits-empty{padding:16px;text-align:center}
`;

const compactNumber = (n: number, language: string) => new Intl.NumberFormat(language, { notation: 'compact', maximumFractionDigits: 1 }).format(n);

/**
 * The catalogue's search results in the look of antd's List (icon, name, description, downloads,
 * actions at the line's end), as a plain list: antd's List brought its grid and pagination along.
 */
export function ExtensionHits({ hits, loading, actions }: ExtensionHitsProps) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const variables = {
    '--panel-hits-split': token.colorSplit,
    '--panel-hits-text': token.colorText,
    '--panel-hits-quiet': token.colorTextDescription,
    '--panel-hits-link-hover': token.colorPrimary,
  } as CSSProperties;
  return (
    <Spin spinning={loading}>
      <style href="panel-hits" precedence="default">
        {css}
      </style>
      {hits.length === 0 ? (
        <div className="panel-hits-empty" role="status">
          <Empty description={t('extensions.noHits', 'Nothing found.')} />
        </div>
      ) : (
        <ul className="panel-hits" style={variables} aria-busy={loading}>
          {hits.map((hit) => (
            <li key={`${hit.provider}:${hit.project_id}`} className="panel-hit">
              <div className="panel-hit-meta">
                <Avatar shape="square" size={40} src={iconSrc(hit.icon_url)} alt="">
                  {hit.name.slice(0, 1)}
                </Avatar>
                <div className="panel-hit-text">
                  <h4 className="panel-hit-title">
                    {hit.page_url ? (
                      <a href={hit.page_url} target="_blank" rel="noreferrer noopener">
                        {hit.name}
                      </a>
                    ) : (
                      hit.name
                    )}
                  </h4>
                  <div className="panel-hit-description">
                    <span>{hit.description}</span>
                    <span className="panel-hit-note">
                      {t('extensions.downloads', '{{downloads}} downloads', { downloads: compactNumber(hit.downloads, i18n.language) })}
                      {hit.external_url ? ` · ${t('extensions.externalNote', 'offered only as an outside download: not installed by the panel')}` : ''}
                    </span>
                  </div>
                </div>
              </div>
              <div className="panel-hit-actions">{actions(hit)}</div>
            </li>
          ))}
        </ul>
      )}
    </Spin>
  );
}
