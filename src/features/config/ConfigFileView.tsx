import { Alert } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetServerConfigFileQuery } from '../../api/config';
import { PlainGrid } from '../../components/PlainGrid';
import { useStableHandler } from '../../components/useStableHandler';
import { ServerLoadFailure } from '../../widgets/server/ServerLoadFailure';
import { ConfigForm } from './ConfigForm';
import { keyOfErrorField } from './configFormScope';
import { RawConfigEditor } from './RawConfigEditor';
import { RestartOffer } from './RestartOffer';
import { useConfigDescriptions } from './useConfigDescriptions';
import { useConfigNotice } from './useConfigNotice';
import { useConfigSave } from './useConfigSave';
import { PlainSkeleton } from '../../components/PlainSkeleton';

/** Props of {@link ConfigFileView}. */
export interface ConfigFileViewProps {
  serverId: string;
  path: string;
  canEdit: boolean;
  canRestart: boolean;
  confirmRestart: boolean;
  /** Whether the form or the text has unsaved edits; false again once saved, discarded or unmounted. */
  onDirtyChange: (dirty: boolean) => void;
}

/**
 * One config file: the form beside the raw text (stacked on narrow screens). While one of them
 * has unsaved changes the other waits, so a save never throws away the other's edits. The page
 * learns of unsaved edits through `onDirtyChange` and asks before anything drops them. After a
 * save while the server runs, a restart is offered.
 */
export function ConfigFileView({ serverId, path, canEdit, canRestart, confirmRestart, onDirtyChange }: ConfigFileViewProps) {
  const { t } = useTranslation();
  const notice = useConfigNotice();
  const { data, error, isLoading, refetch } = useGetServerConfigFileQuery({
    id: serverId,
    path,
  });
  const descriptions = useConfigDescriptions(path);
  const { save, saving } = useConfigSave(serverId, path);
  const [formDirty, setFormDirty] = useState(false);
  const [rawDirty, setRawDirty] = useState(false);
  const [restartOffered, setRestartOffered] = useState(false);
  const dirty = formDirty || rawDirty;
  const afterSave = (saved: boolean, restartRequired: boolean) => {
    if (!saved) return;
    setFormDirty(false);
    setRawDirty(false);
    setRestartOffered(restartRequired);
    notice('success', t('config.saved', 'The configuration was saved.'));
  };
  // One identity for the view's life: the form is memoised and must not re-render (every row with
  // it) when this view does, as it does when the form turns unsaved.
  const saveValues = useStableHandler(async (values: Record<string, string>): Promise<string[]> => {
    if (Object.keys(values).length === 0) {
      notice('info', t('config.nothingChanged', 'Nothing has changed.'));
      return [];
    }
    const outcome = await save('config-form', { values });
    afterSave(outcome.saved, outcome.restartRequired);
    return Object.keys(outcome.errors).map(keyOfErrorField);
  });
  useEffect(() => {
    onDirtyChange(dirty);
  }, [dirty, onDirtyChange]);
  // Unmounted, the edits are gone with it: nothing is left for the page to guard.
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);

  if (!data) return isLoading ? <PlainSkeleton rows={10} /> : <ServerLoadFailure error={error} onRetry={refetch} />;
  const file = data.data;

  const saveRaw = async (raw: string) => {
    const outcome = await save('config-raw', { raw });
    afterSave(outcome.saved, outcome.restartRequired);
    return outcome.errors;
  };

  return (
    <>
      {restartOffered ? <RestartOffer serverId={serverId} canRestart={canRestart} confirmRestart={confirmRestart} onClose={() => setRestartOffered(false)} /> : null}
      {!file.exists ? <Alert type="info" showIcon title={t('config.missing', 'This file does not exist yet. Saving creates it; the game fills in the other keys at its next start.')} /> : null}
      {file.rewritten_on_stop ? (
        <Alert type="warning" showIcon title={t('config.rewrittenOnStop', 'The game writes this file back when it stops: stop the server before you save, or the stop undoes your changes.')} />
      ) : null}
      {!canEdit ? <Alert type="info" showIcon title={t('config.readOnly', 'You may see this configuration but not change it.')} /> : null}
      <PlainGrid columns={{ xs: 1, xl: [14, 10] }} gap={24}>
        <div>
          {/* Remounted with fresh values after every save or reload. */}
          <ConfigForm key={file.raw} fields={file.fields} descriptions={descriptions} readOnly={!canEdit || rawDirty} saving={saving} onSave={saveValues} onDirtyChange={setFormDirty} />
        </div>
        <div>
          <RawConfigEditor key={file.raw} raw={file.raw} readOnly={!canEdit} locked={formDirty} saving={saving} onSave={saveRaw} onDirtyChange={setRawDirty} />
        </div>
      </PlainGrid>
    </>
  );
}
