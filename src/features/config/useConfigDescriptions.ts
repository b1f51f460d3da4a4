import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { minecraftPropertyDescriptions, terrariaConfigDescriptions } from './configDescriptions';

/**
 * Translated descriptions of a config file's keys, chosen by the file (server.properties is
 * Minecraft's, serverconfig.txt Terraria's). Keys without one fall back to the server's English text.
 */
export function useConfigDescriptions(path: string): Record<string, string> {
  const { t } = useTranslation();
  return useMemo(() => {
    if (path === 'server.properties') return minecraftPropertyDescriptions(t);
    if (path === 'serverconfig.txt') return terrariaConfigDescriptions(t);
    return {};
  }, [path, t]);
}
