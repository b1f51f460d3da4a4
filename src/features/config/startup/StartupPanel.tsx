import { Alert, Button, Flex, Form, Input, Popconfirm, Select, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useReinstallServerMutation } from '../../../api/servers';
import { useGetServerStartupQuery, useUpdateServerStartupMutation } from '../../../api/startup';
import { ServerFieldErrors } from '../../../core/validation/ServerFieldErrors';
import { ServerLoadFailure } from '../../../widgets/server/ServerLoadFailure';
import { PlainSkeleton } from '../../../components/PlainSkeleton';

/** Props of {@link StartupPanel}. */
export interface StartupPanelProps {
  serverId: string;
  permissions: readonly string[];
}

interface StartupForm {
  variables: Record<string, string>;
  image?: string;
  startupCommand?: string;
}

/**
 * The Startup tab of the config area: the startup command with the server's values filled in, the
 * variables the customer may see (editable ones as a form, checked by their rules on the server),
 * the runtime image chosen from the template's list, and a reinstall that runs the install again.
 */
export function StartupPanel({ serverId, permissions }: StartupPanelProps) {
  const { t } = useTranslation();
  const startup = useGetServerStartupQuery({ id: serverId });
  const [save, saving] = useUpdateServerStartupMutation();
  const [reinstall, reinstalling] = useReinstallServerMutation();
  const [form] = Form.useForm<StartupForm>();
  const data = startup.data?.data;
  const canUpdate = permissions.includes('startup.update');
  const canChooseImage = permissions.includes('startup.docker-image');

  useEffect(() => {
    if (data)
      form.setFieldsValue({
        variables: Object.fromEntries(data.variables.map((v) => [v.env_variable, v.value])),
        image: data.image ?? undefined,
        startupCommand: data.startup_command ?? undefined,
      });
  }, [data, form]);

  if (!data) return startup.error ? <ServerLoadFailure error={startup.error} onRetry={() => void startup.refetch()} /> : <PlainSkeleton rows={6} />;

  const submit = (values: StartupForm) => {
    const editable = data.variables.filter((v) => v.editable && canUpdate).map((v) => v.env_variable);
    const variables = Object.fromEntries(editable.filter((key) => values.variables?.[key] !== undefined).map((key) => [key, values.variables[key]]));
    const commandChanged = canUpdate && values.startupCommand && values.startupCommand !== data.startup_command;
    void save({
      id: serverId,
      body: {
        ...(editable.length > 0 ? { variables } : {}),
        ...(canChooseImage && values.image && values.image !== data.image ? { image: values.image } : {}),
        ...(commandChanged ? { startup_command: values.startupCommand } : {}),
      },
    });
  };

  return (
    <Flex vertical gap="middle">
      <div>
        <Typography.Text strong>{t('startup.command', 'Startup command')}</Typography.Text>
        <Typography.Paragraph code copyable aria-label={t('startup.command', 'Startup command')}>
          {data.expanded}
        </Typography.Paragraph>
      </div>
      <Form form={form} layout="vertical" onFinish={submit} aria-label={t('startup.title', 'Startup')}>
        <ServerFieldErrors />
        {data.startup_commands.length > 1 ? (
          <Form.Item name="startupCommand" label={t('startup.commandChoice', 'Startup command to run')}>
            <Select disabled={!canUpdate} options={data.startup_commands.map((command) => ({ value: command.name, label: command.name, title: command.command }))} />
          </Form.Item>
        ) : null}
        {data.images.length > 1 ? (
          <Form.Item name="image" label={t('startup.image', 'Runtime image')}>
            <Select disabled={!canChooseImage} options={data.images.map((image) => ({ value: image.image, label: image.label }))} />
          </Form.Item>
        ) : null}
        {data.variables.map((variable) => (
          <Form.Item key={variable.env_variable} name={['variables', variable.env_variable]} label={variable.name} extra={`${variable.description} (${variable.env_variable})`}>
            <Input disabled={!variable.editable || !canUpdate} />
          </Form.Item>
        ))}
        {canUpdate || canChooseImage ? (
          <Button type="primary" htmlType="submit" loading={saving.isLoading}>
            {t('startup.save', 'Save')}
          </Button>
        ) : null}
      </Form>
      {saving.isSuccess ? <Alert type="success" showIcon message={t('startup.saved', 'Saved. The new values apply at the next start.')} /> : null}
      <Flex gap="small" align="center">
        <Popconfirm
          title={t('startup.reinstallConfirmBackup', 'Run the install again? Where your plan includes backups, a backup is made first; the install may replace the game’s files.')}
          okText={t('startup.reinstall', 'Reinstall')}
          cancelText={t('startup.cancel', 'Cancel')}
          onConfirm={() => void reinstall({ id: serverId })}
        >
          <Button danger loading={reinstalling.isLoading}>
            {t('startup.reinstall', 'Reinstall')}
          </Button>
        </Popconfirm>
        {reinstalling.isSuccess ? <Typography.Text>{t('startup.reinstallStarted', 'The install is running again.')}</Typography.Text> : null}
      </Flex>
    </Flex>
  );
}
