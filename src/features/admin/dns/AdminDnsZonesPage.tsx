import { Alert, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useListAdminDnsZonesQuery, useRemoveAdminDnsZoneMutation, type ListAdminDnsZonesApiResponse } from '../../../api/generated/admin.gen';
import { AdminPage } from '../AdminPage';
import { ConfirmRemoveButton } from '../ConfirmRemoveButton';
import { stateColour } from '../adminTexts';
import { AddDnsZoneForm } from './AddDnsZoneForm';

type DnsZone = ListAdminDnsZonesApiResponse['data'][number];

/**
 * DNS zones: where customers' subdomains live, the service writing them, how many there are, and
 * whether that service answers; the host adds and removes zones here (customers see the change at once).
 */
export function AdminDnsZonesPage() {
  const { t } = useTranslation();
  const { data, isLoading } = useListAdminDnsZonesQuery();
  const [removeZone] = useRemoveAdminDnsZoneMutation();
  const health: Record<DnsZone['health'], string> = {
    ok: t('admin.health.ok', 'Working'),
    down: t('admin.health.down', 'Not answering'),
    unchecked: t('admin.health.unchecked', 'Not checked'),
  };
  const columns = [
    { key: 'zone', title: t('admin.dns.zone', 'Zone'), dataIndex: 'zone' },
    {
      key: 'provider',
      title: t('admin.dns.server', 'Name server'),
      render: (zone: DnsZone) => `${zone.provider === 'rfc2136' ? t('admin.dns.rfc2136', 'RFC 2136 (BIND, PowerDNS …)') : 'Cloudflare'}${zone.server ? ` · ${zone.server}` : ''}`,
    },
    { key: 'subdomains', title: t('admin.dns.subdomains', 'Subdomains'), dataIndex: 'subdomains' },
    { key: 'ttl', title: t('admin.dns.ttl', 'TTL (seconds)'), dataIndex: 'ttl' },
    { key: 'health', title: t('admin.dns.health', 'Health'), render: (zone: DnsZone) => <Tag color={stateColour(zone.health)}>{health[zone.health]}</Tag> },
    {
      key: 'actions',
      title: '',
      render: (zone: DnsZone) => (
        <ConfirmRemoveButton
          label={t('admin.dns.remove', 'Remove')}
          ariaLabel={t('admin.dns.removeLabel', 'Remove the zone {{zone}}', { zone: zone.zone })}
          question={t('admin.dns.removeConfirm', 'Stop offering {{zone}} to customers?', { zone: zone.zone })}
          blockedBy={zone.subdomains > 0 ? t('admin.dns.removeBusy', 'Servers’ subdomains use this zone: their owners remove them or pick another zone first.') : null}
          onConfirm={() => void removeZone({ zone: zone.zone }).catch(() => undefined)}
        />
      ),
    },
  ];
  return (
    <AdminPage title={t('admin.nav.dnsZones', 'DNS zones')}>
      {data && !data.meta.configured ? (
        <Alert
          type="info"
          showIcon
          title={t('admin.dns.notConfigured', 'No DNS zones are set up: customers get no subdomains.')}
          description={t('admin.dns.howToNameServer', 'Set the name server (PANEL_DNS_SERVER and PANEL_DNS_TSIG_KEY, or PANEL_DNS_CLOUDFLARE_API_TOKEN) and restart the panel, then add zones here.')}
        />
      ) : null}
      {data?.meta.configured ? <AddDnsZoneForm /> : null}
      <Table rowKey="zone" loading={isLoading} dataSource={data?.data ?? []} columns={columns} pagination={false} scroll={{ x: true }} />
      <Typography.Paragraph type="secondary">
        {t(
          'admin.dns.runtimeZones',
          'Zones added or removed here are offered to customers at once. The name server and its key come from the panel’s settings and change with a restart; keys are never shown.',
        )}
      </Typography.Paragraph>
    </AdminPage>
  );
}
