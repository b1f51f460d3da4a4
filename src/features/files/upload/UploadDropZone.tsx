import { CloudUploadOutlined } from '@ant-design/icons';
import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { entriesOfDrop, readDroppedEntries, sourcesOfFiles, type UploadSource } from './uploadSources';

/** Props of {@link UploadDropZone}. */
export interface UploadDropZoneProps {
  /** The folder the files go into, named in the hint. */
  directory: string;
  /** False when the user may not upload: dropping then does nothing. */
  enabled: boolean;
  /** What was dropped: the files, and the empty folders of dropped folders (relative paths). */
  onFiles: (sources: UploadSource[], emptyFolders: string[]) => void;
  /** A dropped folder could not be read (the browser refused access to a part of it). */
  onReadError: () => void;
  children: ReactNode;
}

const carriesFiles = (event: DragEvent) => Array.from(event.dataTransfer.types).includes('Files');

/**
 * Lets files and folders be dropped on the file list to upload them into the folder on screen;
 * a dropped folder is walked to the end: its files keep their subfolders, and its empty folders
 * are uploaded too. A hint covers the list while files are dragged over it. Drags of anything
 * but files (text, rows) are ignored.
 */
export function UploadDropZone({ directory, enabled, onFiles, onReadError, children }: UploadDropZoneProps) {
  const { t } = useTranslation();
  const [over, setOver] = useState(false);
  // dragenter/dragleave fire for every child crossed: count them to know when the pointer really left.
  const depth = useRef(0);

  const onDragEnter = (event: DragEvent) => {
    if (!enabled || !carriesFiles(event)) return;
    event.preventDefault();
    depth.current += 1;
    setOver(true);
  };
  const onDragLeave = (event: DragEvent) => {
    if (!enabled || !carriesFiles(event)) return;
    depth.current = Math.max(0, depth.current - 1);
    if (depth.current === 0) setOver(false);
  };
  const onDragOver = (event: DragEvent) => {
    if (!enabled || !carriesFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
  };
  const onDrop = (event: DragEvent) => {
    if (!enabled || !carriesFiles(event)) return;
    event.preventDefault();
    depth.current = 0;
    setOver(false);
    // The entries must be taken now: the browser empties the DataTransfer once the event is over.
    const entries = entriesOfDrop(event.dataTransfer);
    if (!entries) {
      const sources = sourcesOfFiles(event.dataTransfer.files);
      if (sources.length > 0) onFiles(sources, []);
      return;
    }
    readDroppedEntries(entries).then(
      ({ sources, emptyFolders }) => (sources.length > 0 || emptyFolders.length > 0) && onFiles(sources, emptyFolders),
      () => onReadError(),
    );
  };

  return (
    <div data-testid="upload-drop-zone" onDragEnter={onDragEnter} onDragLeave={onDragLeave} onDragOver={onDragOver} onDrop={onDrop} style={{ position: 'relative' }}>
      {children}
      {over ? (
        <div
          role="status"
          style={{
            position: 'absolute',
            inset: 0,
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            justifyContent: 'center',
            gap: 8,
            fontSize: 18,
            background: 'rgba(0, 0, 0, 0.6)',
            border: '2px dashed var(--panel-primary)',
            borderRadius: 8,
            pointerEvents: 'none',
            zIndex: 10,
          }}
        >
          <CloudUploadOutlined style={{ fontSize: 40 }} aria-hidden />
          {t('files.upload.dropHint', 'Drop the files to upload them into {{directory}}', { directory })}
        </div>
      ) : null}
    </div>
  );
}
