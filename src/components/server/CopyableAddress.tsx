import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Ltr } from '../Ltr';

/** Props of {@link CopyableAddress}. */
export interface CopyableAddressProps {
  /** The address players connect to, e.g. "play.example.com:25565". */
  address: string;
}

/** Writes `text` to the clipboard; false when the browser refuses (no permission, insecure page). */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** A server address with a button that copies it, confirming for a moment that it did. */
export function CopyableAddress({ address }: CopyableAddressProps) {
  const { t } = useTranslation();
  const [result, setResult] = useState<'copied' | 'failed' | null>(null);
  useEffect(() => {
    if (!result) return undefined;
    const timer = setTimeout(() => setResult(null), 2000);
    return () => clearTimeout(timer);
  }, [result]);
  const tip =
    result === 'copied'
      ? t('server.address.copied', 'Copied')
      : result === 'failed'
        ? t('server.address.copyFailed', 'Could not copy; select the address instead')
        : t('server.address.copy', 'Copy address');
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 4, minWidth: 0 }}>
      <code
        style={{
          whiteSpace: 'nowrap',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          padding: '1px 6px',
          fontSize: '0.9em',
          borderRadius: 4,
          background: 'rgba(150, 150, 150, 0.1)',
          border: '1px solid rgba(100, 100, 100, 0.2)',
        }}
      >
        <Ltr>{address}</Ltr>
      </code>
      <Button
        type="text"
        size="small"
        title={tip}
        aria-label={t('server.address.copyLabel', 'Copy address {{address}}', { address })}
        icon={result === 'copied' ? <CheckOutlined aria-hidden="true" /> : <CopyOutlined aria-hidden="true" />}
        onClick={(event) => {
          // Cards are links: copying must not open the server.
          event.preventDefault();
          event.stopPropagation();
          void copyText(address).then((ok) => setResult(ok ? 'copied' : 'failed'));
        }}
      />
      {/* The outcome is said aloud and shown beside the button (a tooltip would bring its library to every card). */}
      <span role="status" style={{ fontSize: 12, opacity: result ? 1 : 0 }}>
        {result ? tip : ''}
      </span>
    </span>
  );
}

/** The address players use: the node's public host and the server's port. */
export function serverAddress(allocation: { host: string; port: number } | null): string | null {
  return allocation ? `${allocation.host}:${allocation.port}` : null;
}
