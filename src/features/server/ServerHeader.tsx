import ArrowLeftOutlined from '@ant-design/icons-svg/es/asn/ArrowLeftOutlined';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { serverIcon } from './serverAreas';
import { PlainIcon } from '../../components/PlainIcon';

/** Props of {@link ServerHeader}. */
export interface ServerHeaderProps {
  serverId: string;
  /** The server's own name, once it is known. */
  name?: string;
  /** The server is still loading: a neutral placeholder stands where its name will be. */
  loading?: boolean;
}

const placeholderStyle = {
  display: 'inline-block',
  width: 'min(280px, 60vw)',
  height: 28,
  borderRadius: 6,
  background: 'linear-gradient(90deg, rgba(255,255,255,.06), rgba(255,255,255,.14), rgba(255,255,255,.06))',
} as const;

/**
 * The top of every server page: back to all servers and the server's name. The area's own title is
 * the page's heading just below, so it is not repeated here (one clear heading per page).
 */
export function ServerHeader({ serverId, name, loading = false }: ServerHeaderProps) {
  const { t } = useTranslation();
  return (
    <header style={{ display: 'flex', flexDirection: 'column', gap: 4, paddingBlock: '8px 16px' }}>
      <Link to="/" style={{ color: 'inherit', opacity: 0.75, fontSize: 13 }}>
        <PlainIcon icon={ArrowLeftOutlined} /> {t('server.header.back', 'All servers')}
      </Link>
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
        {/* The icon stands in both states: the row keeps its height when the name arrives. */}
        <span style={{ fontSize: 28, color: 'var(--panel-primary)' }} aria-hidden="true">
          {serverIcon}
        </span>
        {loading ? (
          <h1 style={{ margin: 0, fontSize: 24, lineHeight: 1.3 }} aria-busy="true">
            <span role="status" aria-label={t('server.header.loading', 'Loading the server…')} style={placeholderStyle} />
          </h1>
        ) : (
          <h1 style={{ margin: 0, fontSize: 24, lineHeight: 1.3 }}>{name ?? t('server.header.title', 'Server {{id}}', { id: serverId })}</h1>
        )}
      </div>
    </header>
  );
}
