import { Button, Form, Input, Popconfirm, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDeleteServerSubdomainMutation, useSetServerSubdomainMutation } from '../../../api/network';
import { ServerFieldErrors } from '../../../core/validation/ServerFieldErrors';
import { useFieldErrors } from '../../../core/validation/useFieldErrors';
import { fieldErrorProps } from '../../../components/fieldErrorProps';
import { PlainCard } from '../../../components/PlainCard';
import { PlainSelect } from '../../../components/PlainSelect';
import type { NetworkSectionProps } from './networkSection';

/** The subdomain under one of the host's DNS zones, with the address it gives and its SRV record. */
export function SubdomainCard({ serverId: id, network: data, can, run }: NetworkSectionProps) {
  const { t } = useTranslation();
  const [setSubdomain, settingSubdomain] = useSetServerSubdomainMutation();
  const [deleteSubdomain] = useDeleteServerSubdomainMutation();
  return (
    <PlainCard title={t('network.subdomain', 'Subdomain')} size="small">
      {data.zones.length === 0 ? (
        <Typography.Paragraph>{t('network.noZones', 'The host has not set up DNS zones, so this server cannot have a subdomain yet.')}</Typography.Paragraph>
      ) : (
        <SubdomainForm
          zones={data.zones}
          current={data.subdomain}
          editable={can('subdomain')}
          saving={settingSubdomain.isLoading}
          onSave={(label, zone) => run(() => setSubdomain({ id, body: { label, zone } }))}
          onRemove={() => run(() => deleteSubdomain({ id }))}
        />
      )}
    </PlainCard>
  );
}

interface SubdomainFormProps {
  zones: string[];
  current: { label: string; zone: string; address: string; srv_record: string } | null;
  editable: boolean;
  saving: boolean;
  onSave: (label: string, zone: string) => Promise<boolean>;
  onRemove: () => Promise<boolean>;
}

/** The subdomain's name and zone with a preview of the address players type; save and remove. */
function SubdomainForm({ zones, current, editable, saving, onSave, onRemove }: SubdomainFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ label: string; zone: string }>();
  const label = Form.useWatch('label', form) ?? current?.label ?? '';
  const zone = Form.useWatch('zone', form) ?? current?.zone ?? zones[0];
  const labelText = t('network.name', 'Name');
  const zoneText = t('network.zone', 'Zone');
  const labelErrors = useFieldErrors('label');
  const zoneErrors = useFieldErrors('zone');
  return (
    <>
      {current && <Typography.Paragraph>{t('network.srvNote', 'The panel keeps the SRV record {{record}} pointing at the primary port.', { record: current.srv_record })}</Typography.Paragraph>}
      {editable ? (
        <Form
          form={form}
          name="subdomain"
          layout="vertical"
          initialValues={{ label: current?.label ?? '', zone: current?.zone ?? zones[0] }}
          onFinish={(values) => void onSave(values.label.trim(), values.zone)}
        >
          <ServerFieldErrors shownByItems={['label', 'zone']} />
          <Form.Item
            name="label"
            label={labelText}
            rules={[
              { required: true, message: t('validation.required', 'This field is required') },
              { pattern: /^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/, message: t('network.labelRule', 'Letters, digits and hyphens (not at the start or end), at most 63') },
            ]}
            {...fieldErrorProps(labelErrors, labelText)}
          >
            <Input maxLength={63} autoComplete="off" />
          </Form.Item>
          <Form.Item name="zone" label={zoneText} {...fieldErrorProps(zoneErrors, zoneText)}>
            <PlainSelect options={zones.map((z) => ({ value: z, label: `.${z}` }))} />
          </Form.Item>
          <Typography.Paragraph>
            {t('network.preview', 'Players will type')}: <Typography.Text code>{`${(label || '…').toLowerCase()}.${zone}`}</Typography.Text>
          </Typography.Paragraph>
          <Space wrap>
            <Button type="primary" htmlType="submit" loading={saving}>
              {t('network.saveSubdomain', 'Save subdomain')}
            </Button>
            {current && (
              <Popconfirm
                title={t('network.removeSubdomainConfirm', 'Remove the subdomain and its DNS records?')}
                onConfirm={() => void onRemove().then((ok) => ok && form.setFieldsValue({ label: '' }))}
                okText={t('network.remove', 'Remove')}
                cancelText={t('network.cancel', 'Cancel')}
              >
                <Button danger>{t('network.removeSubdomain', 'Remove subdomain')}</Button>
              </Popconfirm>
            )}
          </Space>
        </Form>
      ) : (
        !current && <Typography.Paragraph>{t('network.noSubdomain', 'This server has no subdomain.')}</Typography.Paragraph>
      )}
    </>
  );
}
