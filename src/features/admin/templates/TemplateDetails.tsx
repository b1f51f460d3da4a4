import { Descriptions, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AdminTemplate } from './adminTemplateTypes';
import { TemplateOrigin } from './TemplateOrigin';

type Variable = AdminTemplate['variables'][number];

/** A template's detail (also a preview's): origin, startup command, its variables with their rules, its images, what of the egg is not applied. */
export function TemplateDetails({ template }: { template: AdminTemplate }) {
  const { t } = useTranslation();
  const yes = t('admin.templates.yes', 'Yes');
  const no = t('admin.templates.no', 'No');
  const columns = [
    { key: 'name', title: t('admin.field.name', 'Name'), render: (variable: Variable) => <span title={variable.description}>{variable.name}</span> },
    { key: 'env', title: t('admin.templates.env', 'Variable'), render: (variable: Variable) => <Typography.Text code>{variable.env_variable}</Typography.Text> },
    { key: 'default', title: t('admin.templates.default', 'Default'), dataIndex: 'default_value' },
    { key: 'rules', title: t('admin.templates.rules', 'Rules'), render: (variable: Variable) => variable.rules.map((rule) => <Tag key={rule}>{rule}</Tag>) },
    { key: 'viewable', title: t('admin.templates.viewable', 'Customer sees it'), render: (variable: Variable) => (variable.user_viewable ? yes : no) },
    { key: 'editable', title: t('admin.templates.editable', 'Customer edits it'), render: (variable: Variable) => (variable.user_editable ? yes : no) },
  ];
  return (
    <div style={{ display: 'grid', gap: 16 }}>
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('admin.templates.origin', 'Origin')}>
          <TemplateOrigin template={template} />
        </Descriptions.Item>
        <Descriptions.Item label={t('admin.plans.game', 'Game')}>{template.game}</Descriptions.Item>
        {template.description ? <Descriptions.Item label={t('admin.templates.description', 'Description')}>{template.description}</Descriptions.Item> : null}
        <Descriptions.Item label={t('admin.templates.startup', 'Startup command')}>
          <Typography.Text code style={{ wordBreak: 'break-all' }}>
            {template.startup}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('admin.templates.images', 'Images')}>
          {template.images.map((image) => (
            <div key={image.image}>
              {image.label}: <Typography.Text code>{image.image}</Typography.Text>
            </div>
          ))}
        </Descriptions.Item>
      </Descriptions>
      <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
        {t('admin.templates.variables', 'Variables')}
      </Typography.Title>
      <Table rowKey="env_variable" size="small" dataSource={template.variables} columns={columns} pagination={false} scroll={{ x: true }} />
      {template.ignored.length > 0 ? (
        <Typography.Paragraph type="secondary">{t('admin.templates.ignored', 'Kept but not applied: {{parts}}', { parts: template.ignored.join(', ') })}</Typography.Paragraph>
      ) : null}
    </div>
  );
}
