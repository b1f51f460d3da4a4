import { Spin, Typography } from 'antd';
import type { ReactNode } from 'react';

/** The frame of every admin page: its title, actions beside it, and the content (a spinner until it loads). */
export function AdminPage({ title, actions, loading, children }: { title: string; actions?: ReactNode; loading?: boolean; children?: ReactNode }) {
  return (
    <div style={{ padding: 16, display: 'grid', gap: 16, maxWidth: 1280 }}>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {title}
        </Typography.Title>
        {actions}
      </div>
      {loading ? <Spin /> : children}
    </div>
  );
}
