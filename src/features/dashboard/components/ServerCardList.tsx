import { useTranslation } from 'react-i18next';
import type { Server } from '../../../api/servers';
import { ServerCard } from './ServerCard';

/** Props of {@link ServerCardList}. */
export interface ServerCardListProps {
  servers: readonly Server[];
}

/** The user's servers as a responsive grid of cards. */
export function ServerCardList({ servers }: ServerCardListProps) {
  const { t } = useTranslation();
  return (
    <ul
      aria-label={t('dashboard.list.label', 'Servers')}
      style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 16, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 300px), 1fr))' }}
    >
      {servers.map((server) => (
        <li key={server.uuid} style={{ minWidth: 0 }}>
          <ServerCard server={server} />
        </li>
      ))}
    </ul>
  );
}
