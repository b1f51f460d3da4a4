import { useTranslation } from 'react-i18next';

export interface ReinstallWarningProps {
  /** The software the server runs now, and its version. */
  from: { software: string; version: string } | null;
  /** The software it is reinstalled as. */
  to: { id: string; name: string };
  version: string;
}

/**
 * What a switch to another family (flying-squid ↔ the Java server software) does, said before it
 * happens: the backup first, the reinstall, and what becomes of the world, whose formats differ.
 */
export function ReinstallWarning({ from, to, version }: ReinstallWarningProps) {
  const { t } = useTranslation();
  const world =
    from?.software === 'flying-squid'
      ? t(
          'versions.reinstall.fromEmbedded',
          'flying-squid keeps its world in its own folder (world/{{version}}/): {{name}} cannot read it and makes a new world. The old one stays in the server’s files and in the backup, and comes back if you switch back.',
          { name: to.name, version: from.version },
        )
      : to.id === 'flying-squid'
        ? t(
            'versions.reinstall.toEmbedded',
            'flying-squid cannot read a Java server’s world: it makes its own in world/{{version}}/. The current world stays in the server’s files and in the backup, and comes back if you switch back.',
            { version },
          )
        : null;
  return (
    <>
      <p style={{ margin: 0 }}>
        {t('versions.reinstall.steps', 'The server stops and a backup of all its files is made first. Then it is reinstalled as {{name}} {{version}}; its settings and files stay.', {
          name: to.name,
          version,
        })}
      </p>
      {world ? <p style={{ margin: '8px 0 0' }}>{world}</p> : null}
    </>
  );
}
