import type { ConfigFileDeclaration } from '../ConfigFieldSpec';
import type { ConfigFormat } from './ConfigFormat';
import { iniFormat } from './ini';
import { palworldOptionsFormat } from './palworldOptions';
import { propertiesFormat } from './properties';
import { rustCfgFormat } from './rustCfg';

export type { ConfigFormat } from './ConfigFormat';

/** The reader and writer of a declared file's format. */
export function configFormatOf(file: Pick<ConfigFileDeclaration, 'format'> & { escaping?: ConfigFileDeclaration['escaping'] }): ConfigFormat {
  switch (file.format) {
    case 'properties':
      return propertiesFormat(file.escaping ?? 'java');
    case 'rust-cfg':
      return rustCfgFormat;
    case 'ini':
      return iniFormat;
    case 'palworld-options':
      return palworldOptionsFormat;
  }
}
