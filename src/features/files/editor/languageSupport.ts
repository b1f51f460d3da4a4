import { StreamLanguage, type StreamParser } from '@codemirror/language';
import type { Extension } from '@codemirror/state';
import type { EditorLanguage } from './editorLanguage';

interface LogState {
  /** Inside a [bracketed] prefix such as "[12:00:01 INFO]". */
  bracket: boolean;
}

/** Server logs: timestamps and levels stand out, errors and warnings in their colours. */
const logParser: StreamParser<LogState> = {
  name: 'log',
  startState: () => ({ bracket: false }),
  token(stream) {
    if (stream.eatSpace()) return null;
    if (stream.match(/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(\.\d+)?Z?/) || stream.match(/^\d{2}:\d{2}:\d{2}(\.\d+)?/)) return 'number';
    if (stream.match(/^(ERROR|SEVERE|FATAL|Exception|Error)\b/)) return 'invalid';
    if (stream.match(/^(WARN|WARNING)\b/)) return 'keyword';
    if (stream.match(/^(INFO|DEBUG|TRACE)\b/)) return 'comment';
    if (stream.match(/^\s*at [\w.$<>]+\(/)) return 'invalid';
    if (stream.match(/^"(?:[^"\\]|\\.)*"/)) return 'string';
    stream.next();
    return null;
  },
};

/**
 * The syntax highlighting of a language, loaded on demand: each mode is its own chunk, so opening
 * a YAML file does not download the JavaScript parser.
 */
export async function loadLanguage(language: EditorLanguage): Promise<Extension> {
  switch (language) {
    case 'properties': {
      const { properties } = await import('@codemirror/legacy-modes/mode/properties');
      return StreamLanguage.define(properties);
    }
    case 'toml': {
      const { toml } = await import('@codemirror/legacy-modes/mode/toml');
      return StreamLanguage.define(toml);
    }
    case 'shell': {
      const { shell } = await import('@codemirror/legacy-modes/mode/shell');
      return StreamLanguage.define(shell);
    }
    case 'yaml': {
      const { yaml } = await import('@codemirror/lang-yaml');
      return yaml();
    }
    case 'json': {
      const { json } = await import('@codemirror/lang-json');
      return json();
    }
    case 'javascript': {
      const { javascript } = await import('@codemirror/lang-javascript');
      return javascript();
    }
    case 'log':
      return StreamLanguage.define(logParser);
    case 'plain':
      return [];
  }
}
