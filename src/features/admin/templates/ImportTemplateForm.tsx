import { Alert, Button, Input, Radio, Select, Space, Typography } from 'antd';
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useImportAdminTemplateMutation, type ImportAdminTemplateApiResponse } from '../../../api/generated/admin.gen';
import { useAppSelector } from '../../../app/hooks';
import { selectValidationErrors } from '../../../core/validation/validationSlice';
import { TemplateDetails } from './TemplateDetails';

type Source = 'text' | 'url';
type Preview = ImportAdminTemplateApiResponse['data'];

/** Guessed from the egg when empty. */
const GUESS = '';

/**
 * Imports a Pterodactyl or Pelican egg: pasted or uploaded (JSON or YAML), or from an address. The
 * panel shows what the import would make first (nothing written), and saves only when asked.
 */
export function ImportTemplateForm({ games, onImported }: { games: string[]; onImported: () => void }) {
  const { t } = useTranslation();
  const [source, setSource] = useState<Source>('text');
  const [text, setText] = useState('');
  const [url, setUrl] = useState('');
  const [game, setGame] = useState(GUESS);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [importTemplate, { isLoading }] = useImportAdminTemplateMutation();
  // An unreadable egg's 422 names the egg's own fields (variables.0.rules …): each is listed as the egg says it.
  const eggErrors = Object.entries(useAppSelector(selectValidationErrors)).map(([field, messages]) => `${field}: ${messages.join(' ')}`);
  // Any change makes the preview stale: the admin previews again before saving.
  const changed =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPreview(null);
    };
  const send = (previewOnly: boolean) =>
    importTemplate({
      // The egg goes as the text it is (the server reads JSON and YAML alike); an address as { url }.
      body: source === 'url' ? { url } : text,
      game: game || undefined,
      preview: previewOnly || undefined,
    }).unwrap();
  const runPreview = () =>
    void send(true).then(
      (answer) => setPreview(answer.data),
      () => undefined,
    );
  const save = () => void send(false).then(onImported, () => undefined);
  const urlLabel = t('admin.templates.eggUrl', 'Address of the egg');
  const readFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file) void file.text().then(changed(setText));
  };
  return (
    <div style={{ display: 'grid', gap: 12 }}>
      <Radio.Group
        value={source}
        onChange={(event) => changed(setSource)(event.target.value as Source)}
        options={[
          { value: 'text', label: t('admin.templates.fromFile', 'Paste or upload the egg') },
          { value: 'url', label: t('admin.templates.fromUrl', 'From an address') },
        ]}
      />
      {source === 'text' ? (
        <>
          <label>
            {t('admin.templates.eggFile', 'Egg file (JSON or YAML)')} <input type="file" accept=".json,.yaml,.yml,application/json,text/yaml" onChange={readFile} />
          </label>
          <Input.TextArea aria-label={t('admin.templates.eggText', 'Egg (JSON or YAML)')} rows={8} value={text} spellCheck={false} onChange={(event) => changed(setText)(event.target.value)} />
        </>
      ) : (
        <>
          {/* i18n-ignore: an address, the same in every language */}
          <Input aria-label={urlLabel} placeholder="https://…/egg-paper.json" value={url} onChange={(event) => changed(setUrl)(event.target.value)} />
        </>
      )}
      <Space wrap>
        <span>{t('admin.plans.game', 'Game')}</span>
        <Select
          style={{ minWidth: 200 }}
          aria-label={t('admin.plans.game', 'Game')}
          value={game}
          onChange={changed(setGame)}
          options={[{ value: GUESS, label: t('admin.templates.guessGame', 'From the egg') }, ...games.map((slug) => ({ value: slug, label: slug }))]}
        />
      </Space>
      {eggErrors.length > 0 ? (
        <Alert
          type="error"
          showIcon
          title={t('admin.templates.unreadable', 'The egg cannot be imported:')}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 16 }}>
              {eggErrors.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          }
        />
      ) : null}
      <Space wrap>
        <Button onClick={runPreview} loading={isLoading && !preview} disabled={source === 'url' ? !url.trim() : !text.trim()}>
          {t('admin.templates.preview', 'Preview')}
        </Button>
        <Button type="primary" onClick={save} disabled={!preview} loading={isLoading && Boolean(preview)}>
          {preview && !preview.created ? t('admin.templates.update', 'Update {{name}}', { name: preview.template.name }) : t('admin.templates.import', 'Import')}
        </Button>
      </Space>
      {preview ? (
        <section aria-label={t('admin.templates.previewTitle', 'What the import makes')}>
          <Typography.Title level={2} style={{ fontSize: 18 }}>
            {preview.created
              ? t('admin.templates.previewNew', 'A new template: {{name}}', { name: preview.template.name })
              : t('admin.templates.previewUpdate', 'Updates the template {{name}} (its servers keep their values)', { name: preview.template.name })}
          </Typography.Title>
          <TemplateDetails template={preview.template} />
        </section>
      ) : null}
    </div>
  );
}
