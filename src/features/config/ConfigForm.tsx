import { useFormValidation } from '../../core/validation/useFormFieldErrors';
import { Button, Collapse, Flex, Form, Typography } from 'antd';
import { memo, startTransition, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConfigField } from '../../api/config';
import { ConfigFieldItem } from './ConfigFieldItem';

/** Props of {@link ConfigForm}. */
export interface ConfigFormProps {
  fields: readonly ConfigField[];
  descriptions: Record<string, string>;
  readOnly: boolean;
  saving: boolean;
  /** Sends the changed values; resolves with the keys the server refused (empty on success). */
  onSave: (values: Record<string, string>) => Promise<string[]>;
  onDirtyChange: (dirty: boolean) => void;
}

type Section = 'basic' | 'advanced' | 'other';

const sectionOf = (field: ConfigField): Section => (!field.known ? 'other' : field.group);

/**
 * The file as a form: the settings most people change first, then the advanced ones and the keys
 * the game's catalogue does not know, each folded away until needed (and unfolded when the server
 * refuses one of their values). Only changed values are sent, so the rest of the file stays as it is.
 *
 * Memoised, and kept from re-rendering while the customer types: antd's Form hands its items a new
 * context on each of its renders, so one render of the form re-renders every row (about seventy
 * for Minecraft), which a phone feels as a stall on the keystroke that makes the form unsaved.
 * Give it stable `onSave` and `onDirtyChange`; a keystroke then re-renders only its own row.
 */
export const ConfigForm = memo(function ConfigForm({ fields, descriptions, readOnly, saving, onSave, onDirtyChange }: ConfigFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Record<string, string>>();
  const [open, setOpen] = useState<string[]>([]);
  const initial = useMemo(() => Object.fromEntries(fields.map((field) => [field.key, field.value])), [fields]);
  const sections = useMemo(() => {
    const out: Record<Section, ConfigField[]> = {
      basic: [],
      advanced: [],
      other: [],
    };
    for (const field of fields) out[sectionOf(field)].push(field);
    return out;
  }, [fields]);

  const changedValues = (): Record<string, string> => {
    const values = form.getFieldsValue(true) as Record<string, string | undefined>;
    return Object.fromEntries(Object.entries(values).filter(([key, value]) => value !== undefined && value !== initial[key])) as Record<string, string>;
  };
  // The keys whose value differs from the file, kept up to date from each change alone: telling
  // whether the form is unsaved costs nothing per keystroke, however many keys the file has.
  const changedKeys = useRef(new Set<string>());
  const { edited } = useFormValidation('config-form');
  const trackChanges = (changed: Record<string, string | undefined>) => {
    const wasDirty = changedKeys.current.size > 0;
    for (const [key, value] of Object.entries(changed)) {
      // The server's message was about the value before this change.
      edited(`values.${key}`);
      if (value === undefined || value === initial[key]) changedKeys.current.delete(key);
      else changedKeys.current.add(key);
    }
    const dirty = changedKeys.current.size > 0;
    // What follows from it (the raw editor's lock and its notice, the page's guard) renders after
    // the keystroke is painted, not within it.
    if (dirty !== wasDirty) startTransition(() => onDirtyChange(dirty));
  };

  // The first refused field, in the form's order, to bring into view once its section is open.
  const [scrollTarget, setScrollTarget] = useState<string | null>(null);
  useEffect(() => {
    if (!scrollTarget) return undefined;
    // After the section opened and the messages rendered under the field.
    const frame = requestAnimationFrame(() => {
      form.scrollToField(scrollTarget, { block: 'center', behavior: 'smooth' });
      (form.getFieldInstance(scrollTarget) as { focus?: (options?: FocusOptions) => void } | undefined)?.focus?.({ preventScroll: true });
      setScrollTarget(null);
    });
    return () => cancelAnimationFrame(frame);
  }, [form, scrollTarget, open]);

  const submit = async () => {
    const refused = await onSave(changedValues());
    const bySection = new Set(fields.filter((field) => refused.includes(field.key)).map(sectionOf));
    setOpen((current) => [...new Set([...current, ...[...bySection].filter((s) => s !== 'basic')])]);
    const order: Section[] = ['basic', 'advanced', 'other'];
    const first = order.flatMap((section) => sections[section]).find((field) => refused.includes(field.key));
    if (first) setScrollTarget(first.key);
  };

  const items = (list: ConfigField[]) => list.map((field) => <ConfigFieldItem key={field.key} field={field} description={descriptions[field.key] ?? field.description ?? ''} readOnly={readOnly} />);

  const folded = [
    {
      key: 'advanced',
      label: t('config.form.advanced', 'Advanced settings'),
      children: items(sections.advanced),
      forceRender: true,
    },
    ...(sections.other.length > 0
      ? [
          {
            key: 'other',
            label: t('config.form.other', 'Other keys in the file'),
            forceRender: true,
            children: (
              <>
                <Typography.Paragraph type="secondary">
                  {t('config.form.otherHelp', 'Keys the game’s list does not describe (from mods, plugins or older versions). They are kept as they are.')}
                </Typography.Paragraph>
                {items(sections.other)}
              </>
            ),
          },
        ]
      : []),
  ].filter((section) => section.key !== 'advanced' || sections.advanced.length > 0);

  return (
    <Form form={form} name="config-form" layout="vertical" initialValues={initial} onFinish={() => void submit()} onValuesChange={trackChanges} disabled={readOnly}>
      <Typography.Title level={3}>{t('config.form.basic', 'Basic settings')}</Typography.Title>
      {items(sections.basic)}
      {folded.length > 0 ? <Collapse activeKey={open} onChange={(keys) => setOpen(keys)} items={folded} style={{ marginBottom: 16 }} /> : null}
      {readOnly ? null : (
        <Flex gap={8}>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('config.form.save', 'Save settings')}
          </Button>
          <Button
            htmlType="button"
            onClick={() => {
              form.resetFields();
              changedKeys.current.clear();
              onDirtyChange(false);
            }}
          >
            {t('config.form.reset', 'Discard changes')}
          </Button>
        </Flex>
      )}
    </Form>
  );
});
