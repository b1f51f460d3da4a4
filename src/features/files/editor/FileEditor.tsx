import { SaveOutlined } from '@ant-design/icons';
import type { Text } from '@codemirror/state';
import { Alert, Button, Flex, Skeleton, Tag, Typography } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isHttpApiError } from '../../../api/apiError';
import { useGetServerFileContentsQuery, useWriteServerFileMutation } from '../../../api/files';
import { useUnsavedChangesGuard } from '../../../components/useUnsavedChangesGuard';
import { fileErrorMessage } from '../fileErrorMessage';
import { baseName } from '../filePaths';
import { editorLanguageFor } from './editorLanguage';
import { EDITOR_LIMIT_BYTES, TooLargeNotice } from './TooLargeNotice';
import { PlainSkeleton } from '../../../components/PlainSkeleton';

// CodeMirror is its own chunk: only people who open a file download it.
const CodeEditor = lazy(() => import('./CodeEditor').then((m) => ({ default: m.CodeEditor })));

/** Props of {@link FileEditor}. */
export interface FileEditorProps {
  serverId: string;
  path: string;
  /** The size from the listing, when the file was opened from it (large files are not fetched). */
  knownSize?: number;
  canSave: boolean;
  canDownload: boolean;
  onDownload: () => void;
  /** Back to the file's folder (asked first when there are unsaved changes). */
  onClose: () => void;
}

/**
 * A file open in the editor: its text with highlighting by extension, saved with the button or
 * Ctrl+S, with a warning before unsaved changes are lost. Files over 4 MiB are offered as a
 * download instead.
 */
export function FileEditor({ serverId, path, knownSize, canSave, canDownload, onDownload, onClose }: FileEditorProps) {
  const { t } = useTranslation();
  const name = baseName(path);
  const tooLarge = knownSize !== undefined && knownSize > EDITOR_LIMIT_BYTES;
  const { data, error, isLoading } = useGetServerFileContentsQuery({ id: serverId, file: path }, { skip: tooLarge });
  const [write, { isLoading: saving }] = useWriteServerFileMutation();
  const [dirty, setDirty] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const text = useRef<Text | null>(null);
  // Back, links and Close ask before unsaved changes are lost.
  const { contextHolder } = useUnsavedChangesGuard(dirty);

  const onChange = useCallback((doc: Text) => {
    text.current = doc;
    setDirty(true);
  }, []);

  const save = async () => {
    const doc = text.current;
    if (!canSave || saving || !doc) return;
    const body = doc.toString();
    setSaveError(null);
    try {
      await write({ id: serverId, file: path, body }).unwrap();
      // Still dirty if typing went on while the save ran.
      setDirty(text.current !== doc && text.current?.toString() !== body);
    } catch (failure) {
      setSaveError(fileErrorMessage(t, failure));
    }
  };
  const latestSave = useRef(save);
  useEffect(() => {
    latestSave.current = save;
  });

  // Ctrl+S anywhere on the page saves (and never opens the browser's "Save page" dialog).
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
        event.preventDefault();
        void latestSave.current();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  if (tooLarge || (isHttpApiError(error) && error.status === 413)) {
    return <TooLargeNotice name={name} size={knownSize} canDownload={canDownload} onDownload={onDownload} onBack={onClose} />;
  }
  if (error) {
    return (
      <Alert
        type="error"
        showIcon
        role="alert"
        title={t('files.editor.loadFailed', '{{name}} could not be opened', { name })}
        description={fileErrorMessage(t, error)}
        action={<Button onClick={onClose}>{t('files.editor.back', 'Back to the folder')}</Button>}
      />
    );
  }
  // The text as first loaded starts the editor; later copies in the cache never replace what is being edited.
  if (isLoading || typeof data !== 'string') return <PlainSkeleton rows={12} />;

  const language = editorLanguageFor(name);
  return (
    <Flex vertical gap={8} style={{ minHeight: 0 }}>
      <Flex gap={8} align="center" wrap>
        <Typography.Title level={3} style={{ margin: 0, fontSize: 18 }}>
          {name}
        </Typography.Title>
        <Tag>{language}</Tag>
        {dirty ? <Tag color="warning">{t('files.editor.unsaved', 'Unsaved changes')}</Tag> : <Tag color="success">{t('files.editor.saved', 'Saved')}</Tag>}
        <Flex gap={8} style={{ marginInlineStart: 'auto' }}>
          <Button onClick={onClose}>{t('files.editor.close', 'Close')}</Button>
          <Button type="primary" icon={<SaveOutlined />} loading={saving} disabled={!canSave || !dirty} onClick={() => void save()} title={t('files.editor.saveHint', 'Save (Ctrl+S)')}>
            {t('files.editor.save', 'Save')}
          </Button>
        </Flex>
      </Flex>
      {!canSave ? <Alert type="info" showIcon title={t('files.editor.readOnly', 'You may read this file but not change it.')} /> : null}
      {saveError ? (
        <Alert type="error" showIcon role="alert" title={t('files.editor.saveFailed', 'Your changes were not saved')} description={saveError} closable onClose={() => setSaveError(null)} />
      ) : null}
      <div style={{ height: 'calc(100vh - 300px)', minHeight: 320 }}>
        <Suspense fallback={<Skeleton active paragraph={{ rows: 12 }} />}>
          <CodeEditor
            key={path}
            initialValue={data}
            language={language}
            label={t('files.editor.label', 'Contents of {{name}}', { name })}
            readOnly={!canSave}
            onChange={onChange}
            onSave={() => void latestSave.current()}
          />
        </Suspense>
      </div>
      {contextHolder}
    </Flex>
  );
}
