import { Collapse, Drawer, Empty, Pagination, Skeleton, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useListServerCrashesQuery } from '../../../api/crashes';
import { useDateTime } from '../../../core/session/useDateTime';
import { CrashLines } from './CrashLines';
import { crashCause, crashOutcome, outcomeColor } from './crashTexts';

const PER_PAGE = 10;

/** Props of {@link CrashHistoryDrawer}. */
export interface CrashHistoryDrawerProps {
  serverId: string;
  open: boolean;
  onClose: () => void;
}

/** Every recorded crash, newest first, each opening to the console lines that led up to it. */
export function CrashHistoryDrawer({ serverId, open, onClose }: CrashHistoryDrawerProps) {
  const { t } = useTranslation();
  const when = useDateTime();
  const [page, setPage] = useState(1);
  const list = useListServerCrashesQuery({ id: serverId, page, perPage: PER_PAGE }, { skip: !open });
  const crashes = list.data?.data ?? [];
  const total = list.data?.meta.total ?? 0;
  return (
    <Drawer title={t('overview.crashes.history', 'Crash history')} open={open} onClose={onClose} size="large" destroyOnHidden>
      {list.isLoading ? (
        <Skeleton active />
      ) : crashes.length === 0 ? (
        <Empty description={t('overview.crashes.none', 'No crashes recorded.')} />
      ) : (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Collapse
            items={crashes.map((crash) => ({
              key: crash.id,
              label: (
                <Space wrap>
                  <Typography.Text strong>{when(crash.created_at)}</Typography.Text>
                  <span>{crashCause(t, crash)}</span>
                  <Tag color={outcomeColor(crash)}>{crashOutcome(t, crash)}</Tag>
                </Space>
              ),
              children: <CrashLines lines={crash.lines} label={t('overview.crashes.linesOf', 'Console before the crash at {{time}}', { time: when(crash.created_at) })} />,
            }))}
          />
          {total > PER_PAGE ? <Pagination current={page} pageSize={PER_PAGE} total={total} onChange={setPage} showSizeChanger={false} /> : null}
        </Space>
      )}
    </Drawer>
  );
}
