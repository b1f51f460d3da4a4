import { Button, Divider, Drawer, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useListAdminTemplatesQuery } from '../../../api/generated/admin.gen';
import { AdminPage } from '../AdminPage';
import type { AdminTemplate } from './adminTemplateTypes';
import { ImageMapEditor } from './ImageMapEditor';
import { ImportTemplateForm } from './ImportTemplateForm';
import { TemplateDetails } from './TemplateDetails';
import { TemplateOrigin } from './TemplateOrigin';

/** Game templates: built-in and imported (with where from), each one's detail and image mapping; import an egg with a preview. */
export function AdminTemplatesPage() {
  const { t } = useTranslation();
  const { data, isLoading } = useListAdminTemplatesQuery();
  const templates = data?.data ?? [];
  const games = [...new Set(templates.map((template) => template.game))];
  const [importing, setImporting] = useState(false);
  // The slug, not the template: after a change the list refetches and the drawer shows the fresh one.
  const [shown, setShown] = useState<string | null>(null);
  const template = templates.find((candidate) => candidate.slug === shown);
  const columns = [
    {
      key: 'name',
      title: t('admin.field.name', 'Name'),
      render: (row: AdminTemplate) => (
        <Button type="link" style={{ padding: 0 }} onClick={() => setShown(row.slug)}>
          {row.name}
        </Button>
      ),
    },
    { key: 'game', title: t('admin.plans.game', 'Game'), dataIndex: 'game' },
    { key: 'origin', title: t('admin.templates.origin', 'Origin'), render: (row: AdminTemplate) => <TemplateOrigin template={row} /> },
    { key: 'variables', title: t('admin.templates.variables', 'Variables'), render: (row: AdminTemplate) => row.variables.length },
  ];
  return (
    <AdminPage
      title={t('admin.nav.templates', 'Game templates')}
      actions={
        <Button type="primary" onClick={() => setImporting(true)}>
          {t('admin.templates.importEgg', 'Import an egg')}
        </Button>
      }
    >
      <Table rowKey="slug" loading={isLoading} dataSource={templates} columns={columns} pagination={false} scroll={{ x: true }} />
      <Drawer open={importing} onClose={() => setImporting(false)} title={t('admin.templates.importEgg', 'Import an egg')} size="min(900px, 100vw)" destroyOnHidden>
        <ImportTemplateForm games={games} onImported={() => setImporting(false)} />
      </Drawer>
      <Drawer open={Boolean(template)} onClose={() => setShown(null)} title={template?.name} size="min(900px, 100vw)" destroyOnHidden>
        {template ? (
          <>
            <TemplateDetails template={template} />
            <Divider />
            <ImageMapEditor template={template} />
          </>
        ) : null}
      </Drawer>
    </AdminPage>
  );
}
