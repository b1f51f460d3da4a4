import { Alert, Button, Flex, Input, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keyOfErrorField } from './configFormScope';

/** Props of {@link RawConfigEditor}. */
export interface RawConfigEditorProps {
  raw: string;
  readOnly: boolean;
  /** Another editor has unsaved changes: this one waits, so neither overwrites the other. */
  locked: boolean;
  saving: boolean;
  /** Sends the text; resolves with the server's messages per field (empty on success). */
  onSave: (raw: string) => Promise<Record<string, string[]>>;
  onDirtyChange: (dirty: boolean) => void;
}

/**
 * The whole file as text, for comments and keys the form does not show. Saved text is checked by
 * the server like the form's values; refused keys are listed under the editor.
 */
export function RawConfigEditor({ raw, readOnly, locked, saving, onSave, onDirtyChange }: RawConfigEditorProps) {
  const { t } = useTranslation();
  const labelId = useId();
  // A text box holds \n line breaks only; the server writes the file's own (\r\n stays \r\n).
  const shown = raw.replace(/\r\n/g, '\n');
  const [text, setText] = useState(shown);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const dirty = text !== shown;

  const change = (next: string) => {
    setText(next);
    onDirtyChange(next !== shown);
  };
  const save = async () => {
    setErrors(await onSave(text));
  };
  const problems = Object.entries(errors);

  return (
    <Flex vertical gap={8}>
      <Typography.Title level={3} id={labelId}>
        {t('config.raw.title', 'File as text')}
      </Typography.Title>
      {locked ? <Alert type="info" showIcon title={t('config.raw.locked', 'Save or discard the changes in the form before editing the text.')} /> : null}
      <Input.TextArea
        aria-labelledby={labelId}
        value={text}
        onChange={(event) => change(event.target.value)}
        readOnly={readOnly || locked}
        spellCheck={false}
        autoSize={{ minRows: 16, maxRows: 40 }}
        style={{
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
          fontSize: 13,
          whiteSpace: 'pre',
          overflowX: 'auto',
        }}
      />
      {problems.length > 0 ? (
        <Alert
          type="error"
          showIcon
          title={t('config.raw.refused', 'The game would not accept these values:')}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 18 }}>
              {problems.map(([field, messages]) => (
                <li key={field}>
                  <Typography.Text code>{keyOfErrorField(field)}</Typography.Text> {messages.join(' ')}
                </li>
              ))}
            </ul>
          }
        />
      ) : null}
      {readOnly ? null : (
        <Flex gap={8}>
          <Button type="primary" onClick={() => void save()} disabled={!dirty || locked} loading={saving}>
            {t('config.raw.save', 'Save text')}
          </Button>
          <Button onClick={() => change(shown)} disabled={!dirty}>
            {t('config.raw.reset', 'Discard changes')}
          </Button>
        </Flex>
      )}
    </Flex>
  );
}
