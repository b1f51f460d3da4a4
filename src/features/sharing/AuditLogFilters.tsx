import { Button, Flex, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { PlainSelect } from '../../components/PlainSelect';
import type { ActivityFilters } from './activityFilters';
import type { ActivityPerson } from './sharingTypes';

/** Props of {@link AuditLogFilters}. */
export interface AuditLogFiltersProps {
  value: ActivityFilters;
  onChange: (filters: ActivityFilters) => void;
  /** People to choose from (the owner, the people the server is shared with, actors seen). */
  people: readonly ActivityPerson[];
  /** Event names to suggest; any beginning of a name filters too (e.g. `server.console`). */
  events: readonly string[];
}

/** The audit log's filters: person, event type and a range of days. Each change applies at once. */
export function AuditLogFilters({ value, onChange, people, events }: AuditLogFiltersProps) {
  const { t } = useTranslation();
  const change = (patch: Partial<ActivityFilters>) => onChange({ ...value, ...patch });
  const empty = !value.actor && !value.event && !value.from && !value.to;
  return (
    <Form layout="vertical" component="div" aria-label={t('sharing.audit.filters', 'Filters')} role="search">
      <Flex gap={12} wrap align="end">
        <Form.Item label={t('sharing.audit.person', 'Person')} htmlFor="audit-person" style={{ minWidth: 200, margin: 0 }}>
          <PlainSelect
            id="audit-person"
            allowClear
            placeholder={t('sharing.audit.everyone', 'Everyone')}
            value={value.actor}
            onChange={(actor) => change({ actor })}
            options={people.map((person) => ({ value: person.uuid, label: person.name }))}
          />
        </Form.Item>
        <Form.Item label={t('sharing.audit.eventType', 'Event type')} htmlFor="audit-event" style={{ minWidth: 220, margin: 0 }}>
          <Input
            id="audit-event"
            allowClear
            list="audit-events"
            autoComplete="off"
            placeholder={t('sharing.audit.allEvents', 'All events')}
            value={value.event ?? ''}
            onChange={(event) => change({ event: event.target.value || undefined })}
          />
        </Form.Item>
        {/* The browser's own suggestions: antd's AutoComplete would bring its Select along. */}
        <datalist id="audit-events">
          {events.map((event) => (
            <option key={event} value={event} />
          ))}
        </datalist>
        <Form.Item label={t('sharing.audit.from', 'From')} htmlFor="audit-from" style={{ margin: 0 }}>
          <Input id="audit-from" type="date" value={value.from ?? ''} max={value.to} onChange={(event) => change({ from: event.target.value || undefined })} />
        </Form.Item>
        <Form.Item label={t('sharing.audit.to', 'To')} htmlFor="audit-to" style={{ margin: 0 }}>
          <Input id="audit-to" type="date" value={value.to ?? ''} min={value.from} onChange={(event) => change({ to: event.target.value || undefined })} />
        </Form.Item>
        <Button disabled={empty} onClick={() => onChange({})}>
          {t('sharing.audit.clearFilters', 'Clear filters')}
        </Button>
      </Flex>
    </Form>
  );
}
