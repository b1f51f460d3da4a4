import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { bracketMatching, defaultHighlightStyle, foldGutter, foldKeymap, indentOnInput, syntaxHighlighting } from '@codemirror/language';
import { highlightSelectionMatches, searchKeymap } from '@codemirror/search';
import { Compartment, EditorState, type Text } from '@codemirror/state';
import { oneDark } from '@codemirror/theme-one-dark';
import { drawSelection, EditorView, highlightActiveLine, highlightActiveLineGutter, highlightSpecialChars, keymap, lineNumbers } from '@codemirror/view';
import { useEffect, useRef } from 'react';
import type { EditorLanguage } from './editorLanguage';
import { loadLanguage } from './languageSupport';

/** Props of {@link CodeEditor}. */
export interface CodeEditorProps {
  /** The text the editor starts with (later changes of this prop are ignored: the editor owns the text). */
  initialValue: string;
  language: EditorLanguage;
  /** The accessible name of the text area. */
  label: string;
  readOnly?: boolean;
  /** Every change of the text. */
  onChange: (doc: Text) => void;
  /** Ctrl+S (Cmd+S on a Mac) in the editor. */
  onSave: () => void;
}

/**
 * CodeMirror 6 as a React component: line numbers, folding, search (Ctrl+F), undo history, bracket
 * matching, Tab to indent, and the highlighting of the file's language. This module and CodeMirror
 * load only when a file is opened.
 */
export function CodeEditor({ initialValue, language, label, readOnly = false, onChange, onSave }: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const callbacks = useRef({ onChange, onSave });
  useEffect(() => {
    callbacks.current = { onChange, onSave };
  });
  const view = useRef<EditorView | null>(null);
  const languageSlot = useRef(new Compartment());

  useEffect(() => {
    const state = EditorState.create({
      doc: initialValue,
      extensions: [
        lineNumbers(),
        highlightActiveLineGutter(),
        highlightSpecialChars(),
        history(),
        foldGutter(),
        drawSelection(),
        indentOnInput(),
        bracketMatching(),
        highlightActiveLine(),
        highlightSelectionMatches(),
        syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
        oneDark,
        keymap.of([{ key: 'Mod-s', preventDefault: true, run: () => (callbacks.current.onSave(), true) }, indentWithTab, ...defaultKeymap, ...historyKeymap, ...searchKeymap, ...foldKeymap]),
        languageSlot.current.of([]),
        EditorState.readOnly.of(readOnly),
        EditorView.contentAttributes.of({ 'aria-label': label }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) callbacks.current.onChange(update.state.doc);
        }),
        EditorView.theme({ '&': { height: '100%', fontSize: '13px' }, '.cm-scroller': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' } }),
      ],
    });
    const editor = new EditorView({ state, parent: host.current as HTMLDivElement });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
    // The editor is made once per file (the parent keys it by path); the text then lives in it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    let current = true;
    void loadLanguage(language).then((extension) => {
      if (current) view.current?.dispatch({ effects: languageSlot.current.reconfigure(extension) });
    });
    return () => {
      current = false;
    };
  }, [language]);

  return <div ref={host} data-testid="code-editor" style={{ height: '100%', minHeight: 320, border: '1px solid var(--panel-card-border)', borderRadius: 6, overflow: 'hidden' }} />;
}
