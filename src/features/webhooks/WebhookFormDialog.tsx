import { Checkbox, Form, Input, Modal, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCreateServerWebhookMutation, useUpdateServerWebhookMutation, type Webhook } from '../../api/webhooks';
import { ServerFieldErrors } from '../../core/validation/ServerFieldErrors';
import { useFieldErrors } from '../../core/validation/useFieldErrors';
import { FieldErrors } from '../../components/FieldErrors';
import { webhookEventText, type WebhookEventName } from '../../widgets/server/serverEventTexts';

/** Props of {@link WebhookFormDialog}. */
export interface WebhookFormDialogProps {
  serverId: string;
  /** The hook being changed; absent to add one. */
  editing?: Webhook;
  /** Every event a hook can hear, in the API's order. */
  events: WebhookEventName[];
  open: boolean;
  onClose: () => void;
  /** A secret the panel generated, shown once by the page. */
  onSecret: (name: string, secret: string) => void;
}

interface Values {
  name: string;
  kind: Webhook['kind'];
  url: string;
  events: WebhookEventName[];
  secret?: string;
}

/** Add or change a webhook: name, Discord or signed JSON, the address, the events, and a JSON hook's own secret if wanted. */
export function WebhookFormDialog({ serverId, editing, events, open, onClose, onSecret }: WebhookFormDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('kind', form);
  const [create, creation] = useCreateServerWebhookMutation();
  const [update, updating] = useUpdateServerWebhookMutation();
  const errors = { name: useFieldErrors('name'), url: useFieldErrors('url'), events: useFieldErrors('events'), secret: useFieldErrors('secret') };
  const labels = {
    name: t('webhooks.form.name', 'Name'),
    kind: t('webhooks.form.kind', 'Kind'),
    url: t('webhooks.form.url', 'Address (URL)'),
    events: t('webhooks.form.events', 'Events'),
    secret: t('webhooks.form.secret', 'Signing secret'),
  };
  const submit = async (values: Values) => {
    const body = { name: values.name.trim(), kind: values.kind, url: values.url.trim(), events: values.events, ...(values.kind === 'json' && values.secret ? { secret: values.secret } : {}) };
    const result = editing ? await update({ id: serverId, webhook: editing.uuid, body }) : await create({ id: serverId, body });
    if ('data' in result && result.data) {
      if (result.data.secret) onSecret(result.data.data.name, result.data.secret);
      form.resetFields();
      onClose();
    }
  };
  const initial: Partial<Values> = editing ? { name: editing.name, kind: editing.kind, url: editing.url, events: editing.events } : { kind: 'discord', events: ['server.crashed'] };
  return (
    <Modal
      open={open}
      title={editing ? t('webhooks.form.editTitle', 'Change webhook') : t('webhooks.form.addTitle', 'Add a webhook')}
      okText={editing ? t('webhooks.form.save', 'Save') : t('webhooks.form.add', 'Add webhook')}
      cancelText={t('webhooks.cancel', 'Cancel')}
      confirmLoading={creation.isLoading || updating.isLoading}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={initial} onFinish={(values) => void submit(values)}>
        <ServerFieldErrors shownByItems={['name', 'kind', 'url', 'events', 'secret']} />
        <Form.Item
          name="name"
          label={labels.name}
          rules={[{ required: true, message: t('validation.required', 'This field is required') }]}
          extra={<FieldErrors messages={errors.name} label={labels.name} />}
        >
          <Input maxLength={100} autoComplete="off" placeholder={t('webhooks.form.namePlaceholder', 'e.g. Discord #status')} />
        </Form.Item>
        <Form.Item name="kind" label={labels.kind}>
          <Radio.Group>
            <Radio value="discord">{t('webhooks.kind.discord', 'Discord')}</Radio>
            <Radio value="json">{t('webhooks.kind.json', 'JSON (signed)')}</Radio>
          </Radio.Group>
        </Form.Item>
        <Form.Item
          name="url"
          label={labels.url}
          rules={[{ required: true, message: t('validation.required', 'This field is required') }]}
          extra={
            <>
              {kind === 'discord'
                ? t('webhooks.form.urlHelpDiscord', 'The webhook URL from the Discord channel’s settings (Integrations → Webhooks).')
                : t('webhooks.form.urlHelpJson', 'Your service’s address. It must be reachable on the internet; private addresses are refused.')}
              <FieldErrors messages={errors.url} label={labels.url} />
            </>
          }
        >
          <Input maxLength={2048} autoComplete="off" inputMode="url" />
        </Form.Item>
        <Form.Item
          name="events"
          label={labels.events}
          rules={[{ required: true, type: 'array', min: 1, message: t('webhooks.form.eventsRequired', 'Choose at least one event') }]}
          extra={<FieldErrors messages={errors.events} label={labels.events} />}
        >
          <Checkbox.Group
            style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: 4 }}
            options={events.map((name) => ({ value: name, label: webhookEventText(t, name) }))}
          />
        </Form.Item>
        {kind === 'json' ? (
          <Form.Item
            name="secret"
            label={labels.secret}
            extra={
              <>
                {editing?.has_secret
                  ? t('webhooks.form.secretKeep', 'Leave empty to keep the current secret.')
                  : t('webhooks.form.secretHelp', 'Leave empty and the panel generates one, shown once after saving.')}
                <FieldErrors messages={errors.secret} label={labels.secret} />
              </>
            }
          >
            <Input.Password maxLength={200} autoComplete="new-password" />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}
