import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { minecraftPropertyDescriptions, terrariaConfigDescriptions } from './configDescriptions';
import { arkConfigDescriptions, palworldConfigDescriptions, rustConfigDescriptions } from './gameConfigDescriptions';

/** The describing function of each config file a template declares, by its name (the last part of its path). */
const byFileName: Record<string, (t: ReturnType<typeof useTranslation>['t']) => Record<string, string>> = {
  'server.properties': minecraftPropertyDescriptions,
  'serverconfig.txt': terrariaConfigDescriptions,
  'server.cfg': rustConfigDescriptions,
  'GameUserSettings.ini': arkConfigDescriptions,
  'PalWorldSettings.ini': palworldConfigDescriptions,
};

/**
 * Translated descriptions of a config file's keys, chosen by the file (server.properties is
 * Minecraft's, serverconfig.txt Terraria's, server.cfg Rust's, GameUserSettings.ini ARK's,
 * PalWorldSettings.ini Palworld's). Keys without one fall back to the server's English text.
 */
export function useConfigDescriptions(path: string): Record<string, string> {
  const { t } = useTranslation();
  return useMemo(() => byFileName[path.split('/').pop() ?? '']?.(t) ?? {}, [path, t]);
}
