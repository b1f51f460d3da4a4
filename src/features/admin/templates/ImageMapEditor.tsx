import { Button, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMapAdminTemplateImagesMutation } from '../../../api/generated/admin.gen';
import { AdminField } from '../AdminField';
import type { AdminTemplate } from './adminTemplateTypes';

/**
 * The template's image mapping: for each image it names, one of the host's own to run instead (its
 * nodes may reach no registry). An emptied field removes that mapping.
 */
export function ImageMapEditor({ template }: { template: AdminTemplate }) {
  const { t } = useTranslation();
  const [mapImages, { isLoading }] = useMapAdminTemplateImagesMutation();
  // Form field names are indexes: image names hold dots and slashes, which antd reads as paths.
  const submit = (values: Record<string, string | undefined>) => {
    const images = Object.fromEntries(template.images.map((image, index) => [image.image, (values[String(index)] ?? '').trim()]));
    void mapImages({ template: template.slug, body: { images } }).catch(() => undefined);
  };
  return (
    <Form layout="vertical" onFinish={submit}>
      <Typography.Title level={2} style={{ fontSize: 16 }}>
        {t('admin.templates.imageMap', 'Run instead (the host’s own images)')}
      </Typography.Title>
      {template.images.map((image, index) => (
        <AdminField key={image.image} name={String(index)} errorField={`images.${image.image}`} label={image.image} initialValue={template.image_map[image.image] ?? ''}>
          <Input placeholder={t('admin.templates.imageMapEmpty', 'Empty: run this image itself')} spellCheck={false} />
        </AdminField>
      ))}
      <Button htmlType="submit" loading={isLoading} disabled={template.images.length === 0}>
        {t('admin.templates.saveImageMap', 'Save image mapping')}
      </Button>
    </Form>
  );
}
