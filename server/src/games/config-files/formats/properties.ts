import { parseProperties, updateProperties, type PropertiesEscaping } from '../../../lib/properties';
import { SINGLE_LINE, type ConfigFormat } from './ConfigFormat';

/** key=value files: Java's Properties (`java`, server.properties) or plain lines read literally (`none`, Terraria). */
export function propertiesFormat(escaping: PropertiesEscaping): ConfigFormat {
  return {
    parse: (text) => parseProperties(text, escaping),
    update: (text, values) => updateProperties(text, values, false, escaping),
    keyProblem: (key) => (/^[^=:\s#!]+$/.test(key) ? null : 'Keys cannot contain spaces, =, : or start with # or !.'),
    valueProblem: (value) => (escaping === 'none' && /[\r\n]/.test(value) ? SINGLE_LINE : null),
  };
}
